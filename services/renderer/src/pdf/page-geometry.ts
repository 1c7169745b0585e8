/**
 * Page geometry and palette in points, on Letter paper. Everything that decides page breaks is here, so the
 * pagination tests and the layout read the same numbers.
 */
export const page = {
  width: 612,
  height: 792,
  margin: 28,
  /** The footer band (phrase, number, page x of y) at the bottom of every page. */
  footerHeight: 16,
} as const;

export const contentWidth = page.width - 2 * page.margin;
export const left = page.margin;
export const right = page.width - page.margin;
/** The lowest y a table row or the summary may reach. */
export const bottomLimit = page.height - page.margin - page.footerHeight;

export const colors = {
  text: '#1a1a1a',
  muted: '#5a5f66',
  band: '#1f3b57',
  bandText: '#ffffff',
  stripe: '#eef2f6',
  rule: '#aab6c2',
} as const;

export const sizes = { body: 7.5, small: 6.5, label: 6.5, title: 10, number: 13, issuer: 12 } as const;

/** A table row of one text line; wrapped descriptions add `lineHeight` per extra line. */
export const table = {
  headerHeight: 14,
  rowHeight: 11,
  lineHeight: 9,
  padding: 2.5,
} as const;

export type Column = { key: string; title: string; width: number; align: 'left' | 'right' | 'center' };

// The description takes what the fixed columns leave.
const fixed: Column[] = [
  { key: 'id', title: '#', width: 18, align: 'right' },
  { key: 'code', title: 'Código', width: 54, align: 'left' },
  { key: 'description', title: 'Descripción', width: 0, align: 'left' },
  { key: 'quantity', title: 'Cantidad', width: 40, align: 'right' },
  { key: 'unit', title: 'Unidad', width: 34, align: 'left' },
  { key: 'unitPrice', title: 'Valor unitario', width: 62, align: 'right' },
  { key: 'base', title: 'Base', width: 66, align: 'right' },
  { key: 'tax', title: 'Impuesto', width: 48, align: 'right' },
  { key: 'total', title: 'Total', width: 70, align: 'right' },
];
const used = fixed.reduce((sum, c) => sum + c.width, 0);
export const columns: Column[] = fixed.map((c) => (c.key === 'description' ? { ...c, width: contentWidth - used } : c));

/** x of each column's left edge, in the order of `columns`. */
export const columnX: number[] = columns.reduce<number[]>(
  (xs, _c, i) => [...xs, i === 0 ? left : xs[i - 1]! + columns[i - 1]!.width],
  [],
);

/** Where the table header starts on pages 2…n (below the continuation header). */
export const continuationTop = page.margin + 20;
/** One-line rows a full continuation page holds: what the pagination test checks against. */
export const rowsPerContinuationPage = Math.floor(
  (bottomLimit - continuationTop - table.headerHeight) / table.rowHeight,
);
