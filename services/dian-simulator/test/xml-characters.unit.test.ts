// The light parser's character checks against the XML 1.0 character class as a regex, and the trust store's
// certificate cache answering the text actually asked.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ephemeralIdentity } from '../src/identity/ephemeral-identity.ts';
import { createTrustStore } from '../src/verify/trust-store.ts';
import { decode, hasIllegalChar } from '../src/xml/characters.ts';
import { LightXmlError, parseLightXml, textOf, type XmlElement } from '../src/xml/light-xml.ts';

// eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids: the reference
const ILLEGAL = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/;
const FORBIDDEN = [...Array(0x20).keys()].filter((c) => c !== 0x9 && c !== 0xa && c !== 0xd).concat(0xfffe, 0xffff);
const ALLOWED = [0x9, 0xa, 0xd, 0x20, 0x7f, 0x85, 0xe9, 0x100, 0xd7ff, 0xe000, 0xfffd];

describe('hasIllegalChar', () => {
  for (const code of FORBIDDEN) {
    it(`finds U+${code.toString(16).padStart(4, '0')} at the start, inside and at the end, in one- and two-byte text`, () => {
      const c = String.fromCharCode(code);
      for (const text of [`${c}abc`, `ab${c}c`, `abc${c}`, `\u0100ab${c}c`, `ab${c}c\u20ac`])
        expect(hasIllegalChar(text), JSON.stringify(text)).toBe(true);
    });
  }
  it('accepts TAB, LF, CR and the other legal characters, surrogate pairs included', () => {
    const text = ALLOWED.map((c) => String.fromCharCode(c)).join('') + '\u{1F600}';
    expect(hasIllegalChar(text)).toBe(false);
    expect(hasIllegalChar(text.replace('\u0100', ''))).toBe(false);
    expect(hasIllegalChar('')).toBe(false);
  });
  it('answers as the character-class regular expression on random text', () => {
    const unit = fc.constantFrom(...[...FORBIDDEN, ...ALLOWED, 0x41, 0x3c].map((c) => String.fromCharCode(c)));
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), (units) => {
        const text = units.join('');
        expect(hasIllegalChar(text)).toBe(ILLEGAL.test(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the parser refuses an illegal character wherever it is', () => {
  const places: Record<string, (c: string) => string> = {
    'in text': (c) => `<r>a${c}b</r>`,
    'in an attribute value': (c) => `<r a="x${c}"/>`,
    'in a comment': (c) => `<r><!-- ${c} --></r>`,
    'in a processing instruction': (c) => `<r><?pi ${c}?></r>`,
    'in a CDATA section': (c) => `<r><![CDATA[${c}]]></r>`,
    'after the root': (c) => `<r/>${c}`,
    'in a document with characters beyond Latin-1': (c) => `<r>\u20ac${c}</r>`,
  };
  for (const [place, xml] of Object.entries(places)) {
    it(place, () => {
      for (const code of [0x0, 0x1, 0x1f, 0xfffe])
        expect(() => parseLightXml(xml(String.fromCharCode(code)))).toThrow(LightXmlError);
      expect(() => parseLightXml(xml('\t'))).not.toThrow();
    });
  }
});

describe('decode', () => {
  const cases: [string, string | undefined][] = [
    ['no reference', 'no reference'],
    ['Firmas &amp; Pruebas', 'Firmas & Pruebas'],
    ['&lt;&gt;&amp;&quot;&apos;', '<>&"\''],
    ['a&#65;b&#x42;c&#x1F600;', 'aAbBc\u{1F600}'],
    ['&#9;&#10;&#13;', '\t\n\r'],
    ['&amp;amp;', '&amp;'],
    ['a & b', undefined],
    ['&amp', undefined],
    ['&;', undefined],
    ['&#;', undefined],
    ['&#x;', undefined],
    ['&#X41;', undefined],
    ['&#0;', undefined],
    ['&#x1F;', undefined],
    ['&#xFFFE;', undefined],
    ['&#55296;', undefined],
    ['&#x110000;', undefined],
    ['&#99999999999999999999;', undefined],
    ['&nbsp;', undefined],
    ['&constructor;', undefined],
    ['&__proto__;', undefined],
    ['&amp x;', undefined],
    ['ok &amp; then &bad;', undefined],
  ];
  for (const [text, expected] of cases) it(JSON.stringify(text), () => expect(decode(text)).toBe(expected));

  it('is what the parser gives for text and attribute values', () => {
    const root = parseLightXml('<r a="x &amp; y&#x41;">O=Firmas &amp; Pruebas&#33;</r>').root as XmlElement;
    expect(root.attributes[0]!.value).toBe('x & yA');
    expect(textOf(root)).toBe('O=Firmas & Pruebas!');
  });
});

describe('the trust store reads each certificate text once', () => {
  const pem = ephemeralIdentity(new Date()).certificatePem;
  const other = ephemeralIdentity(new Date()).certificatePem;
  const base64 = (p: string) => p.replace(/-----[A-Z ]+-----|\s/g, '');

  it('answers the same certificate for the same text, whichever was asked last', () => {
    const trust = createTrustStore([]);
    const a = trust.certificate(base64(pem));
    const b = trust.certificate(base64(other));
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(a!.raw.equals(b!.raw)).toBe(false);
    // base64() makes a new string at each call: equal texts, not the same string, in any order.
    expect(trust.certificate(base64(pem))).toBe(a);
    expect(trust.certificate(base64(other))).toBe(b);
    expect(trust.certificate(base64(pem))).toBe(a);
  });

  it('answers the certificate of a text written another way (line breaks), each from its own text', () => {
    const trust = createTrustStore([]);
    const wrapped = base64(pem).replace(/.{76}/g, '$&\n');
    const a = trust.certificate(base64(pem));
    for (let i = 0; i < 3; i++) {
      expect(trust.certificate(wrapped)?.raw.equals(a!.raw)).toBe(true);
      expect(trust.certificate(base64(pem))).toBe(a);
      expect(trust.certificate(base64(other))?.raw.equals(a!.raw)).toBe(false);
    }
  });

  it('answers undefined for a text that is no certificate, also right after one that is', () => {
    const trust = createTrustStore([]);
    expect(trust.certificate(base64(pem))).toBeDefined();
    expect(trust.certificate('bm90IGEgY2VydGlmaWNhdGU=')).toBeUndefined();
    expect(trust.certificate('bm90IGEgY2VydGlmaWNhdGU=')).toBeUndefined();
    expect(trust.certificate(undefined)).toBeUndefined();
    expect(trust.certificate('')).toBeUndefined();
    expect(trust.certificate(base64(pem))?.raw.toString('base64')).toBe(base64(pem));
  });
});
