import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { htmlPages, independentReaders, readsXml } from './no-xml-regex.js';

// XML is read through @fe/dian-xml only because a lint rule says so; this proves the rule bites,
// through the repository's own eslint.config.js.
const root = new URL('../../', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });
const RULE = 'xml/no-xml-regex';
const lint = async (file: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return result!.messages.filter((m) => m.ruleId === RULE || m.fatal).map((m) => m.ruleId ?? m.message);
};

describe('the rule against reading XML with a regular expression', () => {
  it.each([
    [
      'a literal naming a prefixed element',
      'export const id = (xml: string) => /<cbc:ID>([^<]*)<\\/cbc:ID>/.exec(xml)?.[1];',
    ],
    ['a literal matching an end tag', "export const n = (xml: string) => xml.replace(/<\\/Invoice>/, '');"],
    ['a literal matching any tag', 'export const tags = (xml: string) => xml.match(/<[A-Za-z][^>]*>/g);'],
    [
      'a literal with an optional prefix',
      'export const isAd = (xml: string) => /<(?:\\w+:)?AttachedDocument[\\s>]/.test(xml);',
    ],
    [
      'new RegExp built from a string',
      "export const leaf = (xml: string, name: string) => new RegExp('<cbc:ID>([^<]*)').exec(xml) && name;",
    ],
    [
      'new RegExp built from a template',
      'export const leaf = (xml: string, name: string) => new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`).exec(xml);',
    ],
    ['RegExp called without new', "export const leaf = (xml: string) => RegExp('<cac:Party>').test(xml);"],
    [
      'a test file',
      "import { expect } from 'vitest';\nexport const check = (xml: string) => expect(xml).toMatch(/<cbc:UUID[^>]*>/);",
    ],
  ])('refuses %s', async (_, code) => {
    expect(await lint('packages/tenancy/src/probe.unit.test.ts', code)).toEqual([RULE]);
    expect(await lint('services/renderer/src/probe.ts', code)).toEqual([RULE]);
  });

  it.each([
    ['a comparison', 'export const less = (a: number, b: number) => /a < b/.test(`${a} < ${b}`);'],
    ['a path with a placeholder in a string', "export const path = '/api/v1/service/invoices/<cufe>/events';"],
    ['a regex without a tag', 'export const digits = (text: string) => /^[0-9a-f]{96}$/.test(text);'],
  ])('accepts %s', async (_, code) => {
    expect(await lint('packages/tenancy/src/probe.ts', code)).toEqual([]);
  });

  it('lets the simulator and the tests of HTML pages read as they do, and names them in one place', async () => {
    const code = 'export const id = (xml: string) => /<cbc:ID>([^<]*)<\\/cbc:ID>/.exec(xml)?.[1];';
    for (const path of [...independentReaders, ...htmlPages]) {
      expect(await lint(path.endsWith('/') ? `${path}src/probe.ts` : path, code), path).toEqual([]);
    }
    expect(independentReaders).toEqual(['services/dian-simulator/']);
  });

  it('recognises the opening of a tag in a pattern', () => {
    expect(['<cbc:ID>', '<\\/x>', '</x>', '<[A-Za-z]', '<(?:\\w+:)?X', '<Invoice '].map(readsXml)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['a <= b', '< 3', '[<>]', '<<(.*)>>'].map(readsXml)).toEqual([false, false, false, false]);
  });
});
