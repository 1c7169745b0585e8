import { X509Certificate } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readRevocationList, type RevocationList } from '@fe/xades';
import { listedFiles, readTrustFolder, slug, TrustListError } from './trust-folder.ts';

/** The revocation lists of the trusted CAs, each kept only when that CA's key signed it (ZD04). */
export type RevocationLists = Map<X509Certificate, RevocationList>;

/** Every `*.crl` file of the trust folder (DER or PEM), as it is. */
export function revocationListFiles(folder: string | undefined): Buffer[] {
  if (folder === undefined) return [];
  return listedFiles(folder, ['.crl']).flatMap((file) => {
    try {
      return [readFileSync(join(folder, file))];
    } catch {
      return []; // removed meanwhile
    }
  });
}

/** Each CA's list among `crls`: the newest its key signed. A list no CA signed says nothing. */
export function revocationListsOf(crls: readonly Uint8Array[], cas: readonly X509Certificate[]): RevocationLists {
  const lists: RevocationLists = new Map();
  for (const crl of crls)
    for (const ca of cas) {
      const list = readRevocationList(crl, ca.publicKey);
      const kept = lists.get(ca);
      if (list && (!kept || kept.thisUpdate < list.thisUpdate)) lists.set(ca, list);
    }
  return lists;
}

/** Whether `issuer`'s list says `certificate` was revoked at or before `at`. */
export function revokedAt(lists: RevocationLists, issuer: X509Certificate, certificate: X509Certificate, at: Date) {
  const revocation = lists.get(issuer)?.revoked.get(BigInt(`0x${certificate.serialNumber}`));
  return revocation !== undefined && revocation.getTime() <= at.getTime();
}

/**
 * Puts a CA's CRL (PEM "X509 CRL" or DER) on the trust list, replacing that CA's earlier one: `<ca>-crl.crl`.
 * TrustListError TRUST_CRL_UNKNOWN_CA when no CA of the list signed it.
 */
export function addRevocationList(folder: string, crl: Uint8Array): { file: string; issuer: string } {
  const ca = readTrustFolder(folder).cas.find((trusted) => {
    return readRevocationList(crl, new X509Certificate(trusted.pem).publicKey) !== undefined;
  });
  if (!ca) throw new TrustListError('TRUST_CRL_UNKNOWN_CA');
  const file = `${slug(ca.subject)}-${ca.fingerprint.replaceAll(':', '').slice(0, 16).toLowerCase()}-crl.crl`;
  // Whole or not at all: the simulator may read the folder at any moment.
  writeFileSync(join(folder, `${file}.tmp`), crl, { mode: 0o600 });
  renameSync(join(folder, `${file}.tmp`), join(folder, file));
  return { file, issuer: ca.subject };
}
