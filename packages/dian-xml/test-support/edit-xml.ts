// Tests that tamper with a document edit its text in place (a reader has no writer, and the bytes
// around the edit must stay as they were). Each edit finds the first element by its qualified name
// as written, and throws when it is not there, so a test cannot pass by editing nothing.

/** [start of the open tag, end of the open tag, start of the end tag, end of the end tag] of the first `qname`. */
function locate(xml: string, qname: string): [number, number, number, number] {
  let open = xml.indexOf(`<${qname}`);
  while (open >= 0 && !' \t\r\n>/'.includes(xml[open + qname.length + 1] ?? ''))
    open = xml.indexOf(`<${qname}`, open + 1);
  if (open < 0) throw new Error(`no <${qname}> to edit`);
  const openEnd = xml.indexOf('>', open) + 1;
  if (xml[openEnd - 2] === '/') return [open, openEnd, openEnd, openEnd];
  const close = xml.indexOf(`</${qname}>`, openEnd);
  if (close < 0) throw new Error(`<${qname}> is not closed`);
  return [open, openEnd, close, close + qname.length + 3];
}

/** The document without its first `qname` element (tags and content). */
export function withoutElement(xml: string, qname: string): string {
  const [open, , , end] = locate(xml, qname);
  return xml.slice(0, open) + xml.slice(end);
}

/** The document with the content of its first `qname` element, as written, replaced by `edit(content)`. */
export function editElementContent(xml: string, qname: string, edit: (content: string) => string): string {
  const [, openEnd, close] = locate(xml, qname);
  return xml.slice(0, openEnd) + edit(xml.slice(openEnd, close)) + xml.slice(close);
}

/** The content of the first `qname` element as written (entities and CDATA not decoded). */
export function elementContent(xml: string, qname: string): string {
  const [, openEnd, close] = locate(xml, qname);
  return xml.slice(openEnd, close);
}

/** The first `qname` element as written, tags included. */
export function elementAsWritten(xml: string, qname: string): string {
  const [open, , , end] = locate(xml, qname);
  return xml.slice(open, end);
}

/** The document with the first `qname` element's open tag (`<qname …>`) replaced by `edit(tag)`. */
export function editOpenTag(xml: string, qname: string, edit: (tag: string) => string): string {
  const [open, openEnd] = locate(xml, qname);
  return xml.slice(0, open) + edit(xml.slice(open, openEnd)) + xml.slice(openEnd);
}

const SIGNATURE_OPEN = '<ext:UBLExtension><ext:ExtensionContent><ds:Signature';
const SIGNATURE_CLOSE = '</ds:Signature></ext:ExtensionContent></ext:UBLExtension>';

/** The document without the UBLExtension that holds its ds:Signature: what was signed, to sign again. */
export function withoutSignature(xml: string): string {
  const start = xml.indexOf(SIGNATURE_OPEN);
  const end = xml.indexOf(SIGNATURE_CLOSE, start);
  if (start < 0 || end < 0) throw new Error('no signature extension to remove');
  return xml.slice(0, start) + xml.slice(end + SIGNATURE_CLOSE.length);
}
