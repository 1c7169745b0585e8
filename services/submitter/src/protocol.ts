// `@fe/submitter/protocol`: DIAN's wire vocabulary (SOAP and WS-Security namespaces, actions, the
// zip reader and writer) without the package index, which loads the service, the platform and the
// signer. The DIAN simulator's thread imports this: ~30 MB less per isolate. Leaf modules only.
export { soapNs, wssUris, actionUri, operations, escapeXmlText, type DianOperation } from './dian-soap/namespaces.ts';
export { writeZip, readZip, type ZipEntry, type ReadZipLimits } from './packaging/zip.ts';
export { SubmitterError } from './errors.ts';
