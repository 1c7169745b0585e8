import { createHash, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { crc32, deflateRawSync, deflateSync, inflateRawSync, inflateSync } from 'node:zlib';

/** One accepted invoice's artefacts, as the floor's pass made them. */
export type FloorSample = {
  signedXml: string;
  applicationResponseXml: string;
  attachedDocumentXml: string;
  pdf: Uint8Array;
  buyerZip: Uint8Array;
};

/** A step of the floor and the primitive operations it cannot do without. */
export type PrimitiveRow = { step: string; what: string; micros: number };

/** The level the product deflates at (zips and page content); the cheaper of the two it uses. */
const LEVEL = { level: 3 };
/** Repeats each primitive until it has used this much CPU, well above the kernel's 4 ms accounting tick. */
const MIN_CPU_MICROS = 200_000;

/**
 * What each step's cryptography, hashing and compression cost alone, on this thread: the part of a step no XML
 * or PDF code could avoid. RSA-2048 and ECDSA P-256 keys of the same sizes as the run's; the blobs' fsyncs are
 * kernel work and their own primitive, so they are not repeated here.
 */
export function primitiveCosts(sample: FloorSample, steps: Record<PrimitiveStep, string>): PrimitiveRow[] {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const signed = Buffer.from(sample.signedXml, 'utf8');
  const ar = Buffer.from(sample.applicationResponseXml, 'utf8');
  const attached = Buffer.from(sample.attachedDocumentXml, 'utf8');
  const dianZip = deflateRawSync(signed, LEVEL);
  const signedInfo = Buffer.alloc(1200, 7);
  const rsaSignature = sign('sha256', signedInfo, rsa.privateKey);
  const ecSignature = sign('sha256', signedInfo, ec.privateKey);
  const pdfStreams = inflatedStreams(sample.pdf);
  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest();
  const rsaSign = (key: KeyObject) => sign('sha256', signedInfo, key);
  return [
    row(steps.xades, 'RSA-2048 sign, SHA-256 of the document', () => (sha(signed), rsaSign(rsa.privateKey))),
    row(steps.dianZip, 'deflate of the signed XML, its CRC-32', () => (deflateRawSync(signed, LEVEL), crc32(signed))),
    row(steps.simulator, 'inflate, SHA-256 of the document, RSA verify, ECDSA sign, SHA-256 of the answer', () => {
      inflateRawSync(dianZip);
      sha(signed);
      verify('sha256', signedInfo, rsa.publicKey, rsaSignature);
      sign('sha256', signedInfo, ec.privateKey);
      sha(ar);
    }),
    row(steps.answerCheck, 'SHA-256 of the answer, ECDSA verify', () => {
      sha(ar);
      verify('sha256', signedInfo, ec.publicKey, ecSignature);
    }),
    row(steps.pdf, `deflate of its ${pdfStreams.length} streams`, () => {
      for (const stream of pdfStreams) deflateSync(stream, LEVEL);
    }),
    row(
      steps.attachedDocument,
      'RSA-2048 sign, SHA-256 of the document',
      () => (sha(attached), rsaSign(rsa.privateKey)),
    ),
    row(steps.buyerZip, "deflate of the AttachedDocument, the PDF's CRC-32", () => {
      deflateRawSync(attached, LEVEL);
      crc32(sample.pdf);
    }),
    row(steps.mail, 'base64 of the zip', () => Buffer.from(sample.buyerZip).toString('base64')),
  ];
}

export type PrimitiveStep =
  'xades' | 'dianZip' | 'simulator' | 'answerCheck' | 'pdf' | 'attachedDocument' | 'buyerZip' | 'mail';

function row(step: string, what: string, fn: () => unknown): PrimitiveRow {
  for (let i = 0; i < 20; i++) fn();
  let calls = 0;
  const start = process.threadCpuUsage();
  let used = 0;
  while (used < MIN_CPU_MICROS) {
    for (let i = 0; i < 16; i++) fn();
    calls += 16;
    const elapsed = process.threadCpuUsage(start);
    used = elapsed.user + elapsed.system;
  }
  return { step, what, micros: used / calls };
}

/** The content of every FlateDecode stream of a PDF, inflated. */
export function inflatedStreams(pdf: Uint8Array): Buffer[] {
  const text = Buffer.from(pdf).toString('latin1');
  const streams: Buffer[] = [];
  for (const match of text.matchAll(/\/FlateDecode[^]*?stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    streams.push(inflateSync(Buffer.from(text.slice(start, end), 'latin1'), { finishFlush: 2 }));
  }
  return streams;
}
