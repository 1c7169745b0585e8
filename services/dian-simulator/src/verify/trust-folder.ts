import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { join } from 'node:path';
import { OWNER_ONLY_DIR, writeFileOnce } from '@fe/platform';
import { errorCatalogue } from '@fe/platform/errors';

/** The embedded simulator's trust list: a folder of the data folder (docs/dian-web-service.md, "The trust list"). */
export const TRUST_FOLDER = 'dian-simulator-trust';

/** One CA certificate of the list, and the file it is in. */
export type TrustedCa = { file: string; pem: string; subject: string; fingerprint: string; validTo: string };
/** A `.pem` file of the folder that holds no usable CA certificate: listed so the operator sees it, never trusted. */
export type TrustFolderProblem = { file: string; problem: 'unreadable' | 'no-ca-certificate' };

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Every CA certificate in the folder's `*.pem` files (a file may hold several); other files are ignored. */
export function readTrustFolder(folder: string): { cas: TrustedCa[]; problems: TrustFolderProblem[] } {
  const cas: TrustedCa[] = [];
  const problems: TrustFolderProblem[] = [];
  for (const file of pemFiles(folder)) {
    let text: string;
    try {
      text = readFileSync(join(folder, file), 'utf8');
    } catch {
      problems.push({ file, problem: 'unreadable' });
      continue;
    }
    const found = (text.match(PEM_BLOCK) ?? []).flatMap((pem) => {
      const ca = caCertificate(pem);
      return ca ? [{ file, ...ca }] : [];
    });
    if (found.length === 0) problems.push({ file, problem: 'no-ca-certificate' });
    cas.push(...found);
  }
  return { cas, problems };
}

/**
 * What changes when a file is added, replaced or removed: the trust store reads the folder again only then.
 * Empty for a folder that does not exist.
 */
export function trustFolderSignature(folder: string): string {
  return listedFiles(folder, ['.pem', '.crl'])
    .map((file) => {
      try {
        const stat = statSync(join(folder, file));
        return `${file}:${stat.size}:${stat.mtimeMs}`;
      } catch {
        return `${file}:gone`;
      }
    })
    .join('|');
}

/**
 * Adds every certificate of a PEM text to the list, one file each (0600, named after its subject and fingerprint).
 * TrustListError when the text holds no certificate or one that is not a CA.
 */
export function addToTrustFolder(folder: string, pemText: string): { added: TrustedCa[]; already: TrustedCa[] } {
  const blocks = pemText.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0) throw new TrustListError('TRUST_NO_CERTIFICATE');
  const cas = blocks.map((pem) => caCertificate(pem) ?? notACa(pem));
  const known = new Set(readTrustFolder(folder).cas.map((ca) => ca.fingerprint));
  const added: TrustedCa[] = [];
  const already: TrustedCa[] = [];
  mkdirSync(folder, { recursive: true, mode: OWNER_ONLY_DIR });
  for (const ca of cas) {
    const file = `${slug(ca.subject)}-${ca.fingerprint.replaceAll(':', '').slice(0, 16).toLowerCase()}.pem`;
    if (known.has(ca.fingerprint) || !writeFileOnce(join(folder, file), ca.pem)) already.push({ file, ...ca });
    else added.push({ file, ...ca });
    known.add(ca.fingerprint);
  }
  return { added, already };
}

/**
 * Takes off the list the CAs `which` names: a file of the folder (every CA in it), or a CA's SHA-256 fingerprint
 * (colons optional, any case), or a unique start of one; a file left with no CA is deleted, one with others is
 * rewritten with them. TrustListError TRUST_NOT_LISTED when nothing matches, TRUST_AMBIGUOUS when a start matches
 * several CAs.
 */
export function removeFromTrustFolder(folder: string, which: string): TrustedCa[] {
  const { cas } = readTrustFolder(folder);
  const plain = (fingerprint: string) => fingerprint.replaceAll(':', '').toLowerCase();
  const wanted = plain(which.trim());
  const byFile = cas.filter((ca) => ca.file === which);
  const byPrint = wanted.length >= 8 ? cas.filter((ca) => plain(ca.fingerprint).startsWith(wanted)) : [];
  const removed = byFile.length ? byFile : byPrint;
  if (removed.length === 0) throw new TrustListError('TRUST_NOT_LISTED', which);
  if (!byFile.length && new Set(removed.map((ca) => ca.fingerprint)).size > 1)
    throw new TrustListError('TRUST_AMBIGUOUS', which);
  for (const file of new Set(removed.map((ca) => ca.file))) {
    const kept = cas.filter((ca) => ca.file === file && !removed.includes(ca));
    const path = join(folder, file);
    if (kept.length === 0) rmSync(path, { force: true });
    else {
      // Whole or not at all: the simulator may read the folder at any moment.
      writeFileSync(`${path}.tmp`, kept.map((ca) => ca.pem).join(''), { mode: 0o600 });
      renameSync(`${path}.tmp`, path);
    }
  }
  return removed;
}

/**
 * Creates the folder with its first CA when it does not exist yet (a new data folder); an existing folder is the
 * operator's and is left as it is, even emptied.
 */
export function seedTrustFolder(folder: string, firstCaPem: string): void {
  try {
    statSync(folder);
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  addToTrustFolder(folder, firstCaPem);
}

const trustListErrors = errorCatalogue('TrustListError', {
  TRUST_NO_CERTIFICATE: { message: 'The file holds no PEM certificate (-----BEGIN CERTIFICATE-----).' },
  TRUST_NOT_A_CA: { message: 'A certificate of the file is not a CA certificate (basicConstraints CA:true).' },
  TRUST_NOT_LISTED: { message: 'No CA of the trust list has that file name or SHA-256 fingerprint.' },
  TRUST_AMBIGUOUS: { message: 'That start of a fingerprint matches several CAs of the list: give more of it.' },
  TRUST_CRL_UNKNOWN_CA: { message: 'No CA of the trust list signed this revocation list (CRL): add its CA first.' },
});
/** A PEM text `trust add` cannot put on the list, or a CA `trust remove` cannot find; the detail names it. */
export class TrustListError extends trustListErrors.Error {}

const pemFiles = (folder: string) => listedFiles(folder, ['.pem']);

/** The folder's files with one of `endings`, sorted; none for a folder that does not exist. */
export function listedFiles(folder: string, endings: readonly string[]): string[] {
  try {
    return readdirSync(folder)
      .filter((name) => endings.some((ending) => name.endsWith(ending)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

function caCertificate(pem: string): Omit<TrustedCa, 'file'> | undefined {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(pem);
  } catch {
    return undefined;
  }
  if (!certificate.ca) return undefined;
  return {
    pem: `${certificate.toString().trim()}\n`,
    subject: certificate.subject.replaceAll('\n', ', '),
    fingerprint: certificate.fingerprint256,
    validTo: new Date(certificate.validTo).toISOString(),
  };
}

function notACa(pem: string): never {
  let subject = 'unreadable';
  try {
    subject = new X509Certificate(pem).subject.replaceAll('\n', ', ');
  } catch {
    // an unreadable block is named as such
  }
  throw new TrustListError('TRUST_NOT_A_CA', subject);
}

/** A file name from a subject's CN (accents dropped), so `ls` says which CA a file is. */
export function slug(subject: string): string {
  const cn = /(?:^|, )CN=([^,]+)/.exec(subject)?.[1] ?? 'ca';
  const plain = cn
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return plain.slice(0, 48) || 'ca';
}
