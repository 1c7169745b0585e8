// `@fe/xades/signer`: what a signing worker thread needs, without the package index, which loads the verifier,
// node-forge, xml-crypto and the whole of @fe/dian-domain into every worker isolate.
export { createXadesSigner, type XadesSigner } from './signing/xades-signer.ts';
export { isXadesError } from './errors.ts';
