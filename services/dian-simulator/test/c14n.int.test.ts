// The canonicalizers against libxml2's (xmllint --c14n / --exc-c14n, whole documents), on the
// non-canonical documents of c14n.unit.test.ts plus processing instructions and '#default' cases
// that xml-crypto cannot do. xmllint keeps comments, so they are removed from its input first.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createStore, createTrustStore } from '../src/index.ts';
import { validateDocument } from '../src/validate/validate-document.ts';
import { documentC14n, exclusiveC14n } from '../src/verify/c14n.ts';
import { parseLightXml } from '../src/xml/light-xml.ts';
import { signedInvoice } from '../test-support/invoices.ts';
import { documents } from '../test-support/non-canonical-documents.ts';
import { makeWorld } from '../test-support/world.ts';
import { issuerRegistry } from '../src/registry/issuer-registry.ts';

const dir = mkdtempSync(join(tmpdir(), 'sim-c14n-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function xmllint(mode: '--c14n' | '--exc-c14n', xml: string): string {
  const file = join(dir, 'doc.xml');
  writeFileSync(file, xml.replace(/<!--[\s\S]*?-->/g, ''));
  const r = spawnSync('xmllint', [mode, file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout;
}

const more: Record<string, string> = {
  'processing instructions inside and around the root':
    '<?xml version="1.0"?>\n<?first  a="1"?>\n<r><?pi  data here ?>t<?empty?></r>\n<?last?>\n',
  'a default namespace undone and redone': '<r xmlns="urn:a"><s xmlns=""><t xmlns="urn:a"/></s></r>',
};

describe('C14N = xmllint (libxml2)', () => {
  for (const [name, xml] of Object.entries({ ...documents, ...more })) {
    it(name, () => {
      const document = parseLightXml(xml);
      expect(documentC14n(document)).toBe(xmllint('--c14n', xml));
      expect(exclusiveC14n(document.root)).toBe(
        xmllint('--exc-c14n', xml).replace(/^(<\?[^>]*\?>\n)+|(\n<\?[^>]*\?>)+$/g, ''),
      );
    });
  }
});

describe('a signed invoice re-serialised out of canonical form still verifies', () => {
  it('CR LF and tabs inside tags, single quotes, swapped attributes, self-closing tags, character references, comments', () => {
    const world = makeWorld();
    try {
      const { xml } = signedInvoice({ credential: world.tenant });
      let changed = 0;
      const count = (to: string) => () => (changed++, to);
      const noisy = xml
        .replace(
          /<cbc:CompanyID ([^>]+)>/g,
          (_, attrs: string) =>
            `<cbc:CompanyID\r\n\t${[...attrs.matchAll(/(\w+)="([^"]*)"/g)]
              .reverse()
              .map(([, n, v]) => `${n}='${v}'`)
              .join('\r\n ')} >`,
        )
        .replace(
          /<ds:Transform Algorithm="([^"]+)"><\/ds:Transform>/,
          (_, uri: string) => `<ds:Transform Algorithm='${uri}'/>`,
        )
        .replace(
          /<ds:DigestMethod Algorithm="([^"]+)"><\/ds:DigestMethod>/g,
          (_, uri: string) => `<ds:DigestMethod\tAlgorithm="${uri}" />`,
        )
        .replace('<cbc:Note>', count('<!-- not signed --><cbc:Note>'))
        .replace(/Empresa/g, count('&#69;mpresa'))
        .replace('</cac:LegalMonetaryTotal>', count('</cac:LegalMonetaryTotal\r\n>'));
      expect(noisy).not.toBe(xml);
      expect(changed).toBeGreaterThan(1);
      const config = world.config();
      const verdict = validateDocument(noisy, new Date(), {
        config,
        trust: createTrustStore(config.trustedCaPems),
        store: createStore(),
        issuers: issuerRegistry(config),
      });
      expect(verdict.findings.map((f) => f.code)).toEqual([]);
      expect(verdict.accepted).toBe(true);
    } finally {
      world.cleanup();
    }
  });
});
