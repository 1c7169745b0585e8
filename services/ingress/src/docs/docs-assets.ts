import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipped = promisify(gzip);
const { resolve } = createRequire(import.meta.url);

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

export type DocsAsset = { type: string; body: Buffer; gzipped(): Promise<Buffer> };

/**
 * What /docs and / load, every byte from this service: Swagger UI as installed with the project (swagger-ui-dist,
 * Apache-2.0), its icon, its starter and one stylesheet. Each is gzipped once, off the event loop, when first asked.
 */
export function docsAssets(): ReadonlyMap<string, DocsAsset> {
  const files: [string, string, Buffer][] = [
    ['swagger-ui-bundle.js', JS, readFileSync(resolve('swagger-ui-dist/swagger-ui-bundle.js'))],
    ['swagger-ui.css', CSS, readFileSync(resolve('swagger-ui-dist/swagger-ui.css'))],
    ['favicon-32x32.png', 'image/png', readFileSync(resolve('swagger-ui-dist/favicon-32x32.png'))],
    ['reference.js', JS, readFileSync(new URL('./assets/reference.js', import.meta.url))],
    ['docs.css', CSS, readFileSync(new URL('./assets/docs.css', import.meta.url))],
  ];
  return new Map(
    files.map(([name, type, body]) => {
      let compressed: Promise<Buffer> | undefined;
      return [name, { type, body, gzipped: () => (compressed ??= gzipped(body)) }];
    }),
  );
}

/** Whether an Accept-Encoding header takes gzip (listed, and not with q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text.split(',').some((part) => {
    const [coding = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return coding === 'gzip' && (q === undefined || Number(q.slice(2)) > 0);
  });
}
