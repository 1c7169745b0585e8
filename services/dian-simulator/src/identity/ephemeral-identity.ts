import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import type { SimulatorIdentity } from '../config.ts';

/**
 * A throwaway certificate for the simulator's ApplicationResponse signature when none is
 * configured (`pnpm fe dian-simulator` without --cert/--key): clients never check DIAN's AR
 * certificate against a trust store, so a self-signed one made at start is enough for development.
 */
export function ephemeralIdentity(now: Date): SimulatorIdentity {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 86_400_000);
  cert.validity.notAfter = new Date(now.getTime() + 5 * 365 * 86_400_000);
  const name = [{ name: 'countryName', value: 'CO' }, { name: 'organizationName', value: 'DIAN simulador' }, { name: 'commonName', value: 'Unidad Especial DIAN (simulador)' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([{ name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true }]);
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  cert.sign(forge.pki.privateKeyFromPem(pem), forge.md.sha256.create());
  return { certificatePem: forge.pki.certificateToPem(cert), privateKeyPem: pem };
}
