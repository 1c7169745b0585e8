import { promisify } from 'node:util';
import { crc32, deflateRaw, deflateRawSync, inflateRawSync } from 'node:zlib';
import { DianClientError } from '../errors.ts';

/**
 * A small ZIP writer and reader on node:zlib (deflate, CRC-32): DIAN wants each XML in a standard
 * zip (annex §6.5), and a dependency for two dozen lines of headers is not worth it. No ZIP64, no
 * encryption, no multi-disk: DIAN's zips hold a few small XML files. The reader is bounded
 * (entries, sizes) because the simulator reads zips from the network.
 */
export type ZipEntry = { name: string; data: Uint8Array };

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const UTF8_NAMES = 0x0800;

/** What a zip is written from: `stored` keeps the bytes as they are (data that is compressed already, a PDF). */
export type ZipInput = ZipEntry & { stored?: boolean };

// Level 3: cheaper than zlib's default for a few bytes more on invoice-sized input.
const LEVEL = { level: 3 };
const deflateOffThread = promisify(deflateRaw);

/** Writes a zip of deflated entries; `modified` is the timestamp stored for every entry. */
export function writeZip(entries: readonly ZipInput[], modified: Date): Uint8Array {
  return assemble(
    entries,
    entries.map((e) => (e.stored ? e.data : deflateRawSync(e.data, LEVEL))),
    modified,
  );
}

/** writeZip with the deflating on libuv's thread pool: for a caller on an event loop that serves requests. */
export async function writeZipOffThread(entries: readonly ZipInput[], modified: Date): Promise<Uint8Array> {
  const bodies = await Promise.all(entries.map((e) => (e.stored ? e.data : deflateOffThread(e.data, LEVEL))));
  return assemble(entries, bodies, modified);
}

function assemble(entries: readonly ZipInput[], bodies: readonly Uint8Array[], modified: Date): Uint8Array {
  const { time, date } = dosDateTime(modified);
  const locals: Uint8Array[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  entries.forEach((entry, i) => {
    const name = Buffer.from(entry.name, 'utf8');
    const data = bodies[i]!;
    const common = {
      method: entry.stored ? 0 : 8,
      time,
      date,
      crc: crc32(entry.data),
      compressed: data.length,
      size: entry.data.length,
      nameLength: name.length,
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    writeCommon(local, 6, common);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4); // made by: MS-DOS, 2.0
    central.writeUInt16LE(20, 6);
    writeCommon(central, 8, common);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  });
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

type Common = {
  method: number;
  time: number;
  date: number;
  crc: number;
  compressed: number;
  size: number;
  nameLength: number;
};
function writeCommon(b: Buffer, at: number, c: Common): void {
  b.writeUInt16LE(UTF8_NAMES, at);
  b.writeUInt16LE(c.method, at + 2); // 8: deflate, 0: stored
  b.writeUInt16LE(c.time, at + 4);
  b.writeUInt16LE(c.date, at + 6);
  b.writeUInt32LE(c.crc, at + 8);
  b.writeUInt32LE(c.compressed, at + 12);
  b.writeUInt32LE(c.size, at + 16);
  b.writeUInt16LE(c.nameLength, at + 20);
}

function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getUTCFullYear());
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

export type ReadZipLimits = { maxEntries: number; maxEntryBytes: number };
const defaultLimits: ReadZipLimits = { maxEntries: 100, maxEntryBytes: 20 * 1024 * 1024 };

/** Reads every entry (stored or deflated), checking CRC-32. Throws DianClientError ZIP_INVALID. */
export function readZip(bytes: Uint8Array, limits: ReadZipLimits = defaultLimits): ZipEntry[] {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fail = (detail: string): never => {
    throw new DianClientError('ZIP_INVALID', { detail });
  };
  const endAt = findEnd(zip) ?? fail('no end of central directory');
  const count = zip.readUInt16LE(endAt + 10);
  if (count > limits.maxEntries) fail('too many entries');
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
    if (size > limits.maxEntryBytes) fail('entry too large');
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL) fail('bad local header');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (dataAt + compressed > zip.length) fail('truncated entry');
    const raw = zip.subarray(dataAt, dataAt + compressed);
    let data: Uint8Array;
    try {
      data =
        method === 0
          ? raw
          : method === 8
            ? inflateRawSync(raw, { maxOutputLength: limits.maxEntryBytes })
            : fail('unsupported method');
    } catch (error) {
      if (error instanceof DianClientError) throw error;
      return fail('entry does not inflate');
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
