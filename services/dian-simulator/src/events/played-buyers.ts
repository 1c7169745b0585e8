import { randomBytes, randomUUID, X509Certificate } from 'node:crypto';
import type { SimulatorIdentity, SimulatorIssuer, SimulatorSoftware } from '../config.ts';
import { selfSignedIdentity } from '../identity/ephemeral-identity.ts';
import type { PartyFacts } from '../store/store.ts';
import type { TrustStore } from '../verify/trust-store.ts';

/** A buyer the simulator plays: the software it registered for it at DIAN's portal, and its signing identity. */
export type PlayedBuyer = { software: SimulatorSoftware; identity: SimulatorIdentity };

const YEAR_MS = 365 * 86_400_000;

/**
 * The buyers the simulator plays (control "play the buyer"): each gets, on first use, an RSA key with a self-signed
 * certificate naming its NIT and a registered software with a PIN of its own, kept for the simulator's life. Its
 * events are judged like anyone's: the sender lookup knows the software, the trust store the certificate.
 */
export function createPlayedBuyers() {
  const buyers = new Map<string, PlayedBuyer>();
  const certificates = new Set<string>();
  return {
    /** The buyer of this NIT, made with this name and environment the first time. */
    buyer(party: PartyFacts, environment: '1' | '2', now: Date): PlayedBuyer {
      const key = `${party.nit}|${environment}`;
      let found = buyers.get(key);
      if (!found) {
        const identity = selfSignedIdentity('rsa', {
          names: [
            ['2.5.4.6', 'CO'],
            ['2.5.4.10', party.name || party.nit],
            ['2.5.4.5', party.nit],
            ['2.5.4.3', `${party.name || party.nit} (adquiriente simulado)`],
          ],
          // Wide, so a test that moves the simulator's "today" may date the buyer's events on any day around it.
          notBefore: new Date(now.getTime() - 10 * YEAR_MS),
          notAfter: new Date(now.getTime() + 10 * YEAR_MS),
        });
        found = {
          identity,
          software: { id: randomUUID(), pin: randomBytes(6).toString('hex'), providerNit: party.nit, environment },
        };
        buyers.set(key, found);
        certificates.add(new X509Certificate(identity.certificatePem).fingerprint256);
      }
      return found;
    },
    /** The played buyer's registration of this NIT, if the simulator plays it (its software, no ranges). */
    issuer(nit: string): SimulatorIssuer | undefined {
      const software = [...buyers.entries()].filter(([key]) => key.startsWith(`${nit}|`)).map(([, b]) => b.software);
      return software.length === 0 ? undefined : { nit, legalName: nit, software, ranges: [] };
    },
    /** `trust` that also trusts the played buyers' certificates within their validity. */
    trusting(trust: TrustStore): TrustStore {
      return {
        certificate: (base64) => trust.certificate(base64),
        check(certificate, at) {
          if (!certificates.has(certificate.fingerprint256)) return trust.check(certificate, at);
          const within = new Date(certificate.validFrom) <= at && at <= new Date(certificate.validTo);
          return within ? 'trusted' : 'not-valid-at';
        },
      };
    },
  };
}

export type PlayedBuyers = ReturnType<typeof createPlayedBuyers>;
