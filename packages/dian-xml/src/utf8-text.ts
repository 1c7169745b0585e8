/** A stored document's bytes as text, without copying them first (a view's own range only, never its whole buffer). */
export const utf8Text = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
