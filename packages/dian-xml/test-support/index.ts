export {
  editElementContent,
  editOpenTag,
  elementAsWritten,
  elementContent,
  withoutElement,
  withoutSignature,
} from './edit-xml.ts';
export { applicationResponseXml, attachedDocumentXml } from './application-response.ts';
