import { demoSoftware } from '@fe/dian-domain';
import { readInvoiceView, renderInvoicePdf, RendererError } from '@fe/renderer';
import { parseOptions, readInput, type CommandIo } from './sign.ts';
import type { CommandOutput } from './xml.ts';

export const pdfUsage = `  pdf <signed.xml> [--out <file.pdf>] [--validated-at <ISO instant>] [--provider-name <name>]
                       write the PDF graphic representation of a (signed) invoice, with
                       DIAN's QR; --out defaults to the input with .pdf; --validated-at is
                       DIAN's acceptance time (the XML cannot carry it); the provider name
                       defaults to the demo software's when its NIT matches
`;
export const pdfExample = '  pnpm fe pdf signed.xml --out factura.pdf\n';

export type PdfIo = Pick<CommandIo, 'readFile'> & { writeFile(path: string, bytes: Uint8Array): void };

/** `pnpm fe pdf`: renders the invoice's PDF with the same renderer the service uses. */
export function pdfCommand(args: string[], io: PdfIo): CommandOutput {
  const { positional, options, unknown } = parseOptions(args, ['out', 'validated-at', 'provider-name']);
  const [file] = positional;
  const validatedAt = options.get('validated-at');
  if (
    !file ||
    positional.length !== 1 ||
    unknown.length ||
    (validatedAt !== undefined && Number.isNaN(Date.parse(validatedAt)))
  ) {
    return { exitCode: 2, stdout: '', stderr: `usage:\n${pdfUsage}` };
  }
  const xml = readInput({ ...io, env: {}, now: new Date(0) }, file);
  if (!Buffer.isBuffer(xml)) return xml;
  const out = options.get('out') ?? `${file.replace(/\.xml$/i, '')}.pdf`;

  try {
    const view = readInvoiceView(xml.toString('utf8'), {
      ...(validatedAt !== undefined ? { validatedAt } : {}),
    });
    const providerName =
      options.get('provider-name') ??
      (view.softwareProvider.nit === demoSoftware.providerNit ? demoSoftware.providerName : undefined);
    if (providerName !== undefined) view.softwareProvider.name = providerName;
    const { bytes, pageCount } = renderInvoicePdf(view);
    io.writeFile(out, bytes);
    return {
      exitCode: 0,
      stdout: `${out}: ${pageCount} ${pageCount === 1 ? 'page' : 'pages'}, ${bytes.length} bytes\n`,
      stderr: view.signed ? '' : 'note: the invoice carries no ds:Signature; its PDF says nothing about a signature\n',
    };
  } catch (error) {
    if (error instanceof RendererError)
      return { exitCode: 1, stdout: '', stderr: `cannot render ${file}: ${error.code}: ${error.message}\n` };
    throw error;
  }
}
