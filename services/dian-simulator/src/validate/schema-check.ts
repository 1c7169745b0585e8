import { ParseOption, XmlDocument, XmlParseError, XmlValidateError, type ErrorDetail } from 'libxml2-wasm';
import { DOCUMENT_ROOTS, documentsSchema, type SchemaRoot } from './documents-schema.ts';

/** See SimulatorConfig.schemaValidation; 'auto' and 'xmllint', the former values, mean 'on'. */
export type SchemaValidation = 'on' | 'off' | 'auto' | 'xmllint';

/** Whether a document (an invoice unless told) passes DIAN's XSD, and libxml2's messages when it does not. */
export type SchemaCheck = (xml: string, kind?: SchemaRoot) => { valid: boolean; errors: string[] };

/**
 * libxml2's 24-digit xs:integer overflows on a real CA's 20-byte serial, which DIAN (.NET) accepts, so that one
 * message is not a schema failure.
 */
const LIBXML2_SERIAL_LIMIT = /X509SerialNumber'?: '\d+' is not a valid value of the atomic type 'xs:integer'/;

/** Messages kept of a document that fails: the first ones say what is wrong, a flood of them says no more. */
const MAX_ERRORS = 100;
/** No network, no external entity or DTD: the document is judged as it came. */
const PARSE = { option: ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE };

/** The ZB01 schema check, with libxml2 in this thread; undefined when off. Loads the schema on the first call. */
export function schemaCheckFor(mode: SchemaValidation): SchemaCheck | undefined {
  if (mode === 'off') return undefined;
  const schema = documentsSchema();
  return (xml, kind = 'invoice') => {
    let document: XmlDocument;
    try {
      // The bytes, not the string: libxml2-wasm encodes a string to UTF-8 a character at a time in JS, Buffer
      // natively; both reach the same parser call with the same (no) encoding.
      document = XmlDocument.fromBuffer(Buffer.from(xml, 'utf8'), PARSE);
    } catch (error) {
      if (error instanceof XmlParseError)
        return { valid: false, errors: error.details.length > 0 ? messages(error.details) : [error.message] };
      throw error;
    }
    try {
      const wrongRoot = wrongRootOf(document, kind);
      if (wrongRoot) return { valid: false, errors: [wrongRoot] };
      schema.validate(document);
      return { valid: true, errors: [] };
    } catch (error) {
      // Any other XmlError is libxml2 failing, not the document: the caller answers it as a fault of its own.
      if (!(error instanceof XmlValidateError)) throw error;
      const errors = messages(error.details.filter((d) => d.level >= 2 && !LIBXML2_SERIAL_LIMIT.test(d.message)));
      return { valid: errors.length === 0, errors };
    } finally {
      document.dispose();
    }
  };
}

/** The schema holds the four maindocs, so it would take any of their roots: the kind's own is asked for here. */
function wrongRootOf(document: XmlDocument, kind: SchemaRoot): string | undefined {
  const { name, namespaceUri, line } = document.root;
  const expected = DOCUMENT_ROOTS[kind];
  if (name === expected.name && namespaceUri === expected.ns) return undefined;
  return `line ${line}: Element '{${namespaceUri}}${name}': a ${kind} is {${expected.ns}}${expected.name}.`;
}

function messages(details: ErrorDetail[]): string[] {
  const kept = details.slice(0, MAX_ERRORS).map((d) => `line ${d.line}: ${d.message.trim()}`);
  if (details.length > MAX_ERRORS) kept.push(`${details.length - MAX_ERRORS} more schema errors`);
  return kept;
}
