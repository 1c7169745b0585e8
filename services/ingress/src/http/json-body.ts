import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';
import { hasBody } from './content-encoding.ts';

/** No request the API takes nests deeper than 8; a margin, and recursion over the body stays shallow. */
export const MAX_JSON_DEPTH = 32;

/** Declared charsets read as such (WHATWG maps the Latin-1 labels to windows-1252, a superset); absent is UTF-8. */
const CHARSETS: Record<string, string> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'us-ascii': 'utf-8',
  'iso-8859-1': 'windows-1252',
  latin1: 'windows-1252',
  'windows-1252': 'windows-1252',
};

/** The charset a JSON body is decoded with; any other declared charset is 415 before the body is read. */
export function declaredCharset(contentType: string | undefined): string {
  const param = (contentType ?? '')
    .split(';')
    .slice(1)
    .map((p) => p.trim().split('='))
    .find(([name]) => name?.trim().toLowerCase() === 'charset');
  if (!param) return 'utf-8';
  const label = (param[1] ?? '')
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .toLowerCase();
  const charset = CHARSETS[label];
  if (charset) return charset;
  throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Envíe el cuerpo en UTF-8 (o ISO-8859-1 / windows-1252 declarado).', [
    { path: 'Content-Type', message: `charset ${label.slice(0, 40) || '(vacío)'} no admitido: use utf-8` },
  ]);
}

/** The preParsing check: a JSON body in an unsupported charset is refused before a byte of it is read. */
export function refuseUnknownCharset(request: FastifyRequest): void {
  const contentType = request.headers['content-type'];
  if (hasBody(request) && contentType?.trim().toLowerCase().startsWith('application/json'))
    declaredCharset(contentType);
}

/** The body as the API's JSON: decoded by its declared charset (bytes invalid in it are refused), depth-limited. */
export function parseJsonBody(contentType: string | undefined, body: Buffer): unknown {
  const charset = declaredCharset(contentType);
  let text: string;
  try {
    text = new TextDecoder(charset, { fatal: true, ignoreBOM: false }).decode(body);
  } catch {
    throw new ApiError('MALFORMED_JSON', `El cuerpo no es ${charset === 'utf-8' ? 'UTF-8' : charset} válido.`, [
      { path: 'Content-Type', message: `bytes que no son ${charset}` },
    ]);
  }
  const depth = nestingDepth(text);
  if (depth > MAX_JSON_DEPTH) throw jsonTooDeep();
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('MALFORMED_JSON', 'The body is not valid JSON.', [{ path: '', message: 'not JSON' }]);
  }
}

export function jsonTooDeep(): ApiError {
  return new ApiError('JSON_TOO_DEEP', `El JSON anida más de ${MAX_JSON_DEPTH} niveles.`, [
    { path: '', message: `más de ${MAX_JSON_DEPTH} niveles de anidamiento` },
  ]);
}

/** The deepest `[`/`{` nesting outside strings, in one loop: no recursion, whatever the text. */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}
