import { describe, expect, it } from 'vitest';
import { SIGNATURE_SLOT_ANCHOR } from '@fe/dian-domain';
import { descendants, NS, parseXmlTree } from '@fe/dian-xml';
import { buildTableCase, escapingCase } from '../../test-support/invoice-cases.ts';
import { makeTestIdentity } from '../../test-support/in-memory-credential.ts';
import { loadP12 } from '../certificates/load-p12.ts';
import type { XadesError } from '../errors.ts';
import { verifySignedInvoice } from '../verify/verify-signed-invoice.ts';
import { createXadesSigner } from './xades-signer.ts';

// Structure and self-consistency only: the integration tests hold the real oracle (xmlsec1,
// xml-crypto, xades4j). Here the DOM-based verifier of this package cross-checks the string path.
const issuedAt = new Date('2026-06-01T22:30:00.000Z');
const identity = makeTestIdentity();
const credential = loadP12(identity.p12, identity.password, issuedAt);
const signer = createXadesSigner(credential);
const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('createXadesSigner', () => {
  const built = buildTableCase(escapingCase, issuedAt);
  const signed = signer.sign(built.xml, { signingTime: issuedAt, uuid });

  it('appends the second UBLExtension with ds:Signature right before </ext:UBLExtensions>, changing nothing else', () => {
    const slot = built.xml.indexOf(SIGNATURE_SLOT_ANCHOR);
    expect(
      signed.xml.startsWith(built.xml.slice(0, slot) + '<ext:UBLExtension><ext:ExtensionContent><ds:Signature '),
    ).toBe(true);
    expect(
      signed.xml.endsWith('</ds:Signature></ext:ExtensionContent></ext:UBLExtension>' + built.xml.slice(slot)),
    ).toBe(true);
  });

  it('uses xmldsig-<uuid> ids, three references and the DIAN policy', () => {
    expect(signed.signatureId).toBe(`xmldsig-${uuid}`);
    expect(descendants(parseXmlTree(signed.xml), NS.ds, 'Reference')).toHaveLength(3);
    expect(signed.xml).toContain(`<ds:Reference Id="xmldsig-${uuid}-ref0" URI="">`);
    expect(signed.xml).toContain(`<ds:Reference URI="#xmldsig-${uuid}-keyinfo">`);
    expect(signed.xml).toContain(
      `<ds:Reference Type="http://uri.etsi.org/01903#SignedProperties" URI="#xmldsig-${uuid}-signedprops">`,
    );
    expect(signed.xml).toContain('<xades:ClaimedRole>supplier</xades:ClaimedRole>');
    expect(signed.xml).toContain('<ds:DigestValue>dMoMvtcG5aIzgYo0tIsSQeVJBDnUnfSOfBpxXrmor0Y=</ds:DigestValue>');
  });

  it('writes SigningTime in -05:00 on the same date as cbc:IssueDate, even after 19:00 Colombian time', () => {
    expect(signed.signingTime).toBe('2026-06-01T17:30:00.000-05:00');
    expect(built.issueDate).toBe('2026-06-01');
  });

  it('is accepted by the DOM-based verifier, and any change is caught', () => {
    expect(verifySignedInvoice(signed.xml).valid).toBe(true);
    expect(verifySignedInvoice(signed.xml.replace('Ñandú', 'Nandu')).valid).toBe(false);
    expect(verifySignedInvoice(signed.xml.replace('>supplier<', '>third party<')).valid).toBe(false);
  });

  it('the DOM-based verifier reads an XML 1.0 document as XML 1.0: NEL, U+2028 and U+2029 are text, not line ends', () => {
    // xmldom's default (XML 1.1) line-end rule turned them into LF and reported a changed digest
    // for an invoice xmlsec1 and xades4j verify; the text fuzzer found it (text-fuzz.unit.test.ts).
    const text = 'Línea\u0085siguiente\u2028y\u2029más';
    const request = { ...escapingCase.request, customer: { ...escapingCase.request.customer, name: text } };
    const withBreaks = signer.sign(buildTableCase({ ...escapingCase, request }, issuedAt).xml, {
      signingTime: issuedAt,
      uuid,
    });
    expect(withBreaks.xml).toContain(text);
    expect(verifySignedInvoice(withBreaks.xml).checks.filter((c) => c.ok === false)).toEqual([]);
  });

  it.each(['sha384', 'sha512'] as const)('switches every algorithm URI and the policy hash for %s', (algorithm) => {
    const other = signer.sign(built.xml, { signingTime: issuedAt, algorithm });
    expect(other.xml).toContain(`xmldsig-more#rsa-${algorithm}`);
    expect(other.xml).not.toContain('#sha256');
    expect(verifySignedInvoice(other.xml).valid).toBe(true);
  });

  it('refuses a signing time outside the certificate validity', () => {
    expect(() => signer.sign(built.xml, { signingTime: new Date('2040-01-01T00:00:00Z') })).toThrowError(
      expect.objectContaining({ code: 'CERT_EXPIRED' }) as XadesError,
    );
  });

  it('signs the same document off the thread (RSA PKCS#1 v1.5 is deterministic), and refuses the same way', async () => {
    expect(await signer.signOffThread(built.xml, { signingTime: issuedAt, uuid })).toEqual(signed);
    await expect(
      signer.signOffThread(built.xml, { signingTime: new Date('2040-01-01T00:00:00Z') }),
    ).rejects.toThrowError(expect.objectContaining({ code: 'CERT_EXPIRED' }) as XadesError);
  });
});
