import { createRequire } from 'node:module';
import QRCode from 'qrcode';

/** `size`×`size` modules, row-major, 1 = dark. */
export type QrMatrix = { size: number; modules: Uint8Array };

const MASK_PATTERN = 2; // flips the data modules of every third column (ISO 18004 mask 010)
const BYTE_MODE = 0b0100;

// qrcode's own tables (codewords per version; error-correction codewords and blocks per level),
// so the layout cannot drift from the library that draws the fixed patterns.
type ErrorCorrectionTables = {
  getBlocksCount(version: number, level: unknown): number;
  getTotalCodewordsCount(version: number, level: unknown): number;
};
const requireQr = createRequire(createRequire(import.meta.url).resolve('qrcode/package.json'));
const ecTables = requireQr('./lib/core/error-correction-code.js') as ErrorCorrectionTables;
const levelM: unknown = (requireQr('./lib/core/error-correction-level.js') as { M: unknown }).M;
const { getSymbolTotalCodewords } = requireQr('./lib/core/utils.js') as {
  getSymbolTotalCodewords(version: number): number;
};

type VersionLayout = {
  version: number;
  totalCodewords: number;
  dataCodewords: number;
  blocks: number;
  ecPerBlock: number;
};

const layouts: VersionLayout[] = Array.from({ length: 40 }, (_, i) => {
  const version = i + 1;
  const totalCodewords = getSymbolTotalCodewords(version);
  const ecCodewords = ecTables.getTotalCodewordsCount(version, levelM);
  const blocks = ecTables.getBlocksCount(version, levelM);
  return {
    version,
    totalCodewords,
    dataCodewords: totalCodewords - ecCodewords,
    blocks,
    ecPerBlock: ecCodewords / blocks,
  };
});

/** Bits of the character count indicator in byte mode. */
const countBits = (version: number) => (version < 10 ? 8 : 16);

/**
 * DIAN's QR text as the exact matrix `qrcode` gives for byte mode, level M, mask 2 (the unit test checks it);
 * each version's fixed part is built once by qrcode, so an invoice pays only for its codewords.
 */
export function qrMatrix(text: string): QrMatrix {
  const data = Buffer.from(text, 'utf8');
  const layout = layouts.find((l) => 4 + countBits(l.version) + 8 * data.length <= 8 * l.dataCodewords);
  if (!layout) throw new Error('The amount of data is too big to be stored in a QR Code');
  const template = templateOf(layout.version);
  const codewords = interleave(layout, dataCodewords(layout, data));
  // The template holds the mask over all-zero data: each dark data bit flips its module.
  const modules = template.masked.slice();
  const { order } = template;
  let bit = 0;
  for (let i = 0; i < codewords.length; i++) {
    const codeword = codewords[i]!;
    for (let shift = 7; shift >= 0; shift--) modules[order[bit++]!]! ^= (codeword >>> shift) & 1;
  }
  return { size: template.size, modules };
}

/** Mode, count, the bytes, a terminator and the pad codewords 0xEC 0x11 (ISO 18004 §7.4). */
function dataCodewords(layout: VersionLayout, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(layout.dataCodewords);
  let at = 0; // bits written
  const put = (value: number, length: number) => {
    for (let b = length - 1; b >= 0; b--, at++) if ((value >>> b) & 1) out[at >>> 3]! |= 0x80 >>> (at & 7);
  };
  put(BYTE_MODE, 4);
  put(data.length, countBits(layout.version));
  // The header is 12 or 20 bits: every byte lands on a half-byte boundary.
  let index = at >>> 3;
  for (const byte of data) {
    out[index]! |= byte >>> 4;
    out[++index] = (byte & 0x0f) << 4;
  }
  at += data.length * 8;
  at = Math.min(at + 4, layout.dataCodewords * 8); // terminator: up to four zero bits
  for (let pad = 0, i = Math.ceil(at / 8); i < layout.dataCodewords; i++, pad++) out[i] = pad % 2 ? 0x11 : 0xec;
  return out;
}

/** The data split into blocks, each with its Reed-Solomon codewords, interleaved (§7.6). */
function interleave(layout: VersionLayout, data: Uint8Array): Uint8Array {
  const { blocks, ecPerBlock, totalCodewords, dataCodewords } = layout;
  const shortBlocks = blocks - (totalCodewords % blocks);
  const shortLength = Math.floor(dataCodewords / blocks);
  const out = new Uint8Array(totalCodewords);
  const generator = generatorLogs(ecPerBlock);
  let start = 0;
  for (let b = 0; b < blocks; b++) {
    const length = shortLength + (b < shortBlocks ? 0 : 1);
    const block = data.subarray(start, start + length);
    start += length;
    // Data codeword i of block b goes after codeword i of every block; the long blocks' last
    // codeword comes after all the short blocks' ones.
    for (let i = 0; i < length; i++)
      out[i < shortLength ? i * blocks + b : shortLength * blocks + (b - shortBlocks)] = block[i]!;
    const ec = remainder(block, generator);
    for (let i = 0; i < ecPerBlock; i++) out[dataCodewords + i * blocks + b] = ec[i]!;
  }
  return out;
}

// GF(256) with the QR polynomial x⁸ + x⁴ + x³ + x² + 1; EXP doubled so a sum of logs needs no mod.
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++) {
  EXP[i] = x;
  LOG[x] = i;
  x <<= 1;
  if (x & 0x100) x ^= 0x11d;
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;

const generators = new Map<number, Uint8Array>();

/** log of each coefficient of ∏(x − αⁱ), i < degree, leading 1 left out, highest power first. */
function generatorLogs(degree: number): Uint8Array {
  let logs = generators.get(degree);
  if (!logs) {
    let poly = Uint8Array.of(1);
    for (let i = 0; i < degree; i++) {
      const next = new Uint8Array(poly.length + 1);
      for (let j = 0; j < poly.length; j++) {
        next[j]! ^= poly[j]!;
        if (poly[j]) next[j + 1]! ^= EXP[LOG[poly[j]!]! + i]!;
      }
      poly = next;
    }
    if (poly.includes(0)) throw new Error(`QR generator polynomial of degree ${degree} has a zero coefficient`);
    logs = poly.subarray(1).map((c) => LOG[c]!);
    generators.set(degree, logs);
  }
  return logs;
}

/** The remainder of data·x^degree divided by the generator: the block's error-correction codewords. */
function remainder(data: Uint8Array, generator: Uint8Array): Uint8Array {
  const degree = generator.length;
  const ec = new Uint8Array(degree);
  for (const byte of data) {
    const factor = byte ^ ec[0]!;
    ec.copyWithin(0, 1);
    ec[degree - 1] = 0;
    if (factor) {
      const log = LOG[factor]!;
      for (let j = 0; j < degree; j++) ec[j]! ^= EXP[generator[j]! + log]!;
    }
  }
  return ec;
}

type Template = {
  size: number;
  /** Function patterns and format/version information, and the mask over the data modules. */
  masked: Uint8Array;
  /** Module index of each data bit, in placement order (§7.7.3). */
  order: Uint32Array;
};

const templates = new Map<number, Template>();

/** The version's fixed modules, as qrcode draws them, and where its data bits go. */
function templateOf(version: number): Template {
  let template = templates.get(version);
  if (template) return template;
  const { modules } = QRCode.create([{ data: Uint8Array.of(0), mode: 'byte' }], {
    version,
    errorCorrectionLevel: 'M',
    maskPattern: MASK_PATTERN,
  });
  const { size, reservedBit } = modules;
  // Data modules start as the mask (mask 2: dark in every third column), as if all data bits were 0.
  const masked = modules.data.map((dark, i) => (reservedBit[i] ? dark : (i % size) % 3 === 0 ? 1 : 0));
  const order: number[] = [];
  // Two-module columns from the right, zigzagging up and down, skipping the vertical timing column.
  for (let col = size - 1, upward = true; col > 0; col -= 2, upward = !upward) {
    if (col === 6) col--;
    for (let step = 0; step < size; step++) {
      const row = upward ? size - 1 - step : step;
      for (const c of [col, col - 1]) if (!reservedBit[row * size + c]) order.push(row * size + c);
    }
  }
  template = { size, masked, order: Uint32Array.from(order) };
  templates.set(version, template);
  return template;
}
