import { formatInstant, formatNit } from '../format/colombian-format.ts';
import type { InvoiceView } from '../invoice-view/invoice-view.ts';
import type { Canvas } from './canvas.ts';
import { documentTitles } from './document-titles.ts';
import { drawLabel, line, type TextStyle } from './draw-text.ts';
import { colors, contentWidth, left, sizes } from './page-geometry.ts';
import { drawQr } from './qr-code.ts';
import { qrMatrix } from './qr-matrix.ts';

const QR_SIDE = 104;
const QR_PAD = 6;
const TEXT_X = left + QR_SIDE + 2 * QR_PAD + 8;
const TEXT_WIDTH = left + contentWidth - TEXT_X - 6;
const LINE = 10.5;

/** The legend of a contingency invoice (type 04) on its PDF, a line each (the mail says it in its own words). */
const CONTINGENCY_LEGEND = [
  'Factura de contingencia (tipo 04): expedida durante una indisponibilidad de la plataforma de la DIAN;',
  'se transmite a la DIAN cuando el servicio se restablece.',
] as const;

type Entry = { label?: string; text: string; style?: TextStyle };

const muted = { size: sizes.small, color: colors.muted };
const strong = { face: 'bold' as const };

/** What DIAN's inspectors look for (annex §4.2), one line each so the block has a fixed shape. */
function entries(view: InvoiceView): Entry[] {
  const provider = view.softwareProvider;
  const titles = documentTitles[view.kind];
  const [site, query] = view.lookupUrl.split(/(?=\?)/);
  const list: Entry[] = [
    { label: titles.keyLabel, text: view.cufe },
    {
      label: 'Fecha y hora de validación DIAN',
      text: view.validatedAt ? formatInstant(view.validatedAt) : 'pendiente: la DIAN aún no ha validado este documento',
    },
    { label: 'Consulte el documento en la DIAN', text: site ?? view.lookupUrl },
    { text: query ?? '', style: { size: sizes.small } },
    {
      label: 'Proveedor del software',
      text: `${provider.name ? `${provider.name} · ` : ''}NIT ${formatNit(provider.nit, provider.dv)}`,
    },
    { text: titles.phrase, style: { ...strong, size: 8.5 } },
  ];
  if (view.signed)
    list.push({ text: 'Documento firmado digitalmente (XAdES-EPES, política de firma DIAN v2).', style: muted });
  if (view.contingency) {
    // Type 04 reaches the buyer before DIAN has it (docs/contingency.md): the PDF says so.
    for (const text of CONTINGENCY_LEGEND) list.push({ text, style: { ...strong, size: sizes.small } });
  }
  if (view.environment === '2') {
    list.push({
      text: 'Emitida en el ambiente de habilitación (pruebas) de la DIAN: sin validez fiscal.',
      style: { ...strong, size: sizes.small },
    });
  }
  return list.filter((e) => e.text);
}

export function legalBlockHeight(view: InvoiceView): number {
  return Math.max(QR_SIDE + 2 * QR_PAD, entries(view).length * LINE + 10);
}

/** The QR (DIAN's text, as vectors) on the left; the legal texts beside it. */
export function drawLegalBlock(canvas: Canvas, view: InvoiceView, top: number): number {
  const height = legalBlockHeight(view);
  canvas.strokeRect(left, top, contentWidth, height, colors.rule, 0.6);
  drawQr(canvas, qrMatrix(view.qrContent), left + QR_PAD, top + QR_PAD, QR_SIDE);
  let y = top + 6;
  for (const e of entries(view)) {
    let x = TEXT_X;
    if (e.label) x += drawLabel(canvas, e.label, x, y + 0.8);
    line(canvas, e.text, x, y, e.style ?? {}, { width: TEXT_X + TEXT_WIDTH - x });
    y += LINE;
  }
  return top + height;
}
