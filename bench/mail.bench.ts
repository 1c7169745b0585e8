// `pnpm bench:mail`: composing the buyer's mail (text and a 50 KB zip) with our one-pass composer and with
// nodemailer's MailComposer (its streams), next to one RSA-2048 signature, in the same process (docs/benchmarks.md).
import { composeMail, type MailMessage } from '@fe/mail';
import MailComposer from 'nodemailer/lib/mail-composer';
import { measure, measureAsync, printTable } from './lib/measure.ts';
import { measureRsa2048 } from './lib/rsa-baseline.ts';

// A zip's bytes look random: a fixed pseudo-random 50 KB, as the bench invoice's AttachedDocument and PDF zip.
let seed = 2026;
const zip = Uint8Array.from({ length: 50_000 }, () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24);
const message: MailMessage = {
  from: '"Empresa Demo Ñandú S.A.S." <facturacion@empresa-demo.example>',
  to: 'compras@cliente.example',
  replyTo: 'cartera@empresa-demo.example',
  subject: '900373076;Empresa Demo Ñandú S.A.S.;SETP990001234;01;Ñandú Demo',
  messageId: '<SETP990001234.1@empresa-demo.example>',
  date: new Date('2026-03-10T15:00:00Z'),
  text: [
    'Señores Panadería La Montaña S.A.S.:',
    '',
    'Les enviamos la factura electrónica de venta SETP990001234 emitida por Empresa Demo Ñandú S.A.S. (NIT 900373076) y validada por la DIAN.',
    '',
    `CUFE: ${'c3a1'.repeat(24)}`,
    '',
    'El archivo adjunto z09003730760002600001234.zip contiene el documento electrónico (AttachedDocument, con la factura firmada y la respuesta',
    'de validación de la DIAN) y su representación gráfica en PDF.',
  ].join('\r\n'),
  attachments: [{ filename: 'z09003730760002600001234.zip', content: zip, contentType: 'application/zip' }],
};

const nodemailerMessage = {
  ...message,
  attachments: message.attachments.map((a) => ({ ...a, content: Buffer.from(a.content) })),
};

async function main(): Promise<void> {
  const rsa = measureRsa2048();
  const ours = measure('composeMail (one pass)', () => composeMail(message));
  const theirs = await measureAsync('nodemailer MailComposer (streams)', () =>
    new MailComposer(nodemailerMessage).compile().build(),
  );
  const bytes = composeMail(message).length;
  printTable(
    [rsa, ours, theirs].map((m) => ({ ...m, ratio: m.perCallMs / rsa.perCallMs })),
    rsa.name,
  );
  console.log(
    `\nthe buyer's mail (${Math.round(bytes / 1024)} KiB): nodemailer ÷ composeMail = ${(theirs.perCallMs / ours.perCallMs).toFixed(1)}×`,
  );
}

await main();
