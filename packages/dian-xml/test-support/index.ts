export { editElementContent, editOpenTag, elementAsWritten, elementContent, withoutElement } from './edit-xml.ts';
export { applicationResponseXml, attachedDocumentXml } from './application-response.ts';
