import { crc32, inflateRawSync } from 'node:zlib';

/**
 * The simulator's own zip reader, bounded since the zip comes from the network, written apart from the client's so
 * a client bug is not accepted by agreeing with itself; same checks, so a broken zip fails the same way.
 */
export type ZipEntry = { name: string; data: Buffer };
class ZipError extends Error {}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const MAX_ENTRIES = 100;
const MAX_ENTRY_BYTES = 20 * 1024 * 1024;
/** zlib's default output chunk; an entry announcing more is inflated into one buffer of its size. */
const CHUNK = 16 * 1024;

export function readZipEntries(zip: Buffer): ZipEntry[] {
  const fail = (detail: string): never => {
    throw new ZipError(detail);
  };
  const endAt = findEnd(zip) ?? fail('no end of central directory');
  const count = zip.readUInt16LE(endAt + 10);
  if (count > MAX_ENTRIES) fail('too many entries');
  let at = zip.readUInt32LE(endAt + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) fail('bad central directory');
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    if (size > MAX_ENTRY_BYTES) fail('entry too large');
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL) fail('bad local header');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (dataAt + compressed > zip.length) fail('truncated entry');
    const raw = zip.subarray(dataAt, dataAt + compressed);
    let data: Buffer;
    if (method === 0) {
      data = raw;
    } else if (method === 8) {
      try {
        // One output buffer of the announced size (a 16 kB chunk at least): no chunk list to join.
        data = inflateRawSync(raw, { maxOutputLength: MAX_ENTRY_BYTES, chunkSize: Math.max(CHUNK, size) });
      } catch {
        return fail('entry does not inflate');
      }
    } else {
      return fail('unsupported method');
    }
    if (data.length !== size || crc32(data) !== crc) fail('CRC or size mismatch');
    entries.push({ name, data });
    at += 46 + skip;
  }
  return entries;
}

function findEnd(zip: Buffer): number | undefined {
  const stop = Math.max(0, zip.length - 22 - 0xffff); // the comment is at most 64 KiB
  for (let i = zip.length - 22; i >= stop; i--) if (zip.readUInt32LE(i) === END) return i;
  return undefined;
}
