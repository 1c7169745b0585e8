// @ts-check
// One way to read XML (docs/choices.md): documents are read through @fe/dian-xml, never with a
// regular expression. A regex literal or `new RegExp('…')` whose pattern names a tag is refused.
import { relative, sep } from 'node:path';

/**
 * Folders still allowed to read XML with a regular expression. The DIAN simulator keeps its own
 * reading on purpose (its independence from the product is the point).
 */
export const independentReaders = ['services/dian-simulator/'];

/** Tests that read the portal's HTML pages, not XML. */
export const htmlPages = [
  'services/portal/src/html/invoice-pages.unit.test.ts',
  'services/all-in-one/test/notes-tools.e2e.test.ts',
  'services/all-in-one/test/distributed.e2e.test.ts',
  'services/all-in-one/test/portal-refusals.e2e.test.ts',
];

// `<cbc:`, `<\/`, `</`, `<[A-Za-z]`, `<(?:\w+:)?`, `<(name)`: the opening of a tag, start or end
// (not a PDF dictionary's `<<`).
const TAG = /(?<!<)<(?:\\?\/|[A-Za-z_]|\[A-Za-z|\(|\\w)/;

/** @param {string} pattern */
export const readsXml = (pattern) => TAG.test(pattern);

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'no regular expression reads XML: use @fe/dian-xml' },
    messages: { xmlRegex: 'A regular expression reads XML here: read it through @fe/dian-xml (docs/choices.md).' },
    schema: [],
  },
  create(context) {
    const file = relative(context.cwd, context.filename).split(sep).join('/');
    if ([...independentReaders, ...htmlPages].some((folder) => file.startsWith(folder))) return {};
    /** @param {import('estree').Node} node */
    const patternOf = (node) => {
      if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
      if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? q.value.raw).join('');
      return undefined;
    };
    return {
      Literal(node) {
        if ('regex' in node && node.regex && readsXml(node.regex.pattern))
          context.report({ node, messageId: 'xmlRegex' });
      },
      /** @param {import('estree').NewExpression | import('estree').CallExpression} node */
      'NewExpression, CallExpression'(node) {
        if (node.callee.type !== 'Identifier' || node.callee.name !== 'RegExp' || !node.arguments[0]) return;
        const pattern = patternOf(/** @type {import('estree').Node} */ (node.arguments[0]));
        if (pattern !== undefined && readsXml(pattern)) context.report({ node, messageId: 'xmlRegex' });
      },
    };
  },
};

export default { rules: { 'no-xml-regex': rule } };
