// DIAN's answer as the submitter checks it before recording a verdict (verifyApplicationResponseSignature against the
// pinned anchor), on the simulator's ECDSA P-256 and RSA signatures: genuine answers pass, and every kind of change
// after signing is refused by the check it breaks.
import { createApplicationResponseSigner, ephemeralIdentity } from '@fe/dian-simulator';
import { ublNamespaces as ns, XML_DECLARATION } from '@fe/dian-domain/primitives';
import { descendants, NS, parseXmlTree, textContent } from '@fe/dian-xml';
import { verifyApplicationResponseSignature } from '@fe/xades';
import { describe, expect, it } from 'vitest';

const at = new Date('2026-03-19T15:20:05Z');
// The root declares what the simulator's own answers declare: its signer renders these on the signed subtrees.
const prefixes = {
  cac: ns.cac,
  cbc: ns.cbc,
  ds: ns.ds,
  ext: ns.ext,
  sts: ns.sts,
  xades: ns.xades,
  xades141: ns.xades141,
};
const declarations = Object.entries(prefixes)
  .map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`)
  .join('');
const unsigned =
  `${XML_DECLARATION}<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"${declarations}>` +
  '<ext:UBLExtensions></ext:UBLExtensions><cbc:ID>AR1</cbc:ID>' +
  '<cac:DocumentResponse><cac:Response><cbc:ResponseCode>02</cbc:ResponseCode></cac:Response></cac:DocumentResponse>' +
  '</ApplicationResponse>';

const failed = (xml: string, anchorPem: string) =>
  verifyApplicationResponseSignature(xml, anchorPem)
    .checks.filter((c) => c.ok === false)
    .map((c) => c.name);

/** The answer with its SignatureValue's bytes replaced by `edit(bytes)`. */
function withSignatureValue(xml: string, edit: (value: Buffer) => Buffer): string {
  const value = textContent(descendants(parseXmlTree(xml), NS.ds, 'SignatureValue')[0]!);
  return xml.replace(value, edit(Buffer.from(value, 'base64')).toString('base64'));
}

describe.each(['ec', 'rsa'] as const)("DIAN's answer signed with %s", (keyType) => {
  const dian = ephemeralIdentity(at, keyType);
  const answer = createApplicationResponseSigner(dian).sign(unsigned, at);

  it('verifies against the pinned certificate', () => {
    expect(failed(answer, dian.certificatePem)).toEqual([]);
  });

  it('is refused when its content changed after signing (the verdict turned around)', () => {
    const changed = answer.replace('<cbc:ResponseCode>02<', '<cbc:ResponseCode>04<');
    expect(failed(changed, dian.certificatePem)).toEqual(['reference 1 (URI="")']);
  });

  it('is refused when its signature value is altered or cut short', () => {
    const flipped = withSignatureValue(answer, (v) => Buffer.concat([v.subarray(0, -1), Buffer.from([v.at(-1)! ^ 1])]));
    expect(failed(flipped, dian.certificatePem)).toEqual(['signature value']);
    expect(
      failed(
        withSignatureValue(answer, (v) => v.subarray(1)),
        dian.certificatePem,
      ),
    ).toEqual(['signature value']);
  });

  it('is refused when signed again by a key other than the pinned one', () => {
    const forged = createApplicationResponseSigner(ephemeralIdentity(at, keyType)).sign(unsigned, at);
    expect(failed(forged, dian.certificatePem)).toEqual(['chain']);
  });
});
