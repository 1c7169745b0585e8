import type { NumberingResolution } from '@fe/dian-domain';
import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain/primitives';
import type { FaultSpec } from './faults/faults.ts';
import type { SchemaValidation } from './validate/schema-check.ts';

/** A numbering range as DIAN registers it (GetNumberingRange answers with these); ClTec is the CUFE key. */
export type SimulatorRange = Omit<NumberingResolution, 'id'> & { resolutionDate: string };

/**
 * A software registered in the portal: SoftwareID, PIN, the provider that owns it, and the habilitación test sets
 * (TestSetId GUIDs) DIAN's portal issued for it; SendTestSetAsync starts a set for any other well-formed GUID.
 * `environment`: where the software is enabled ('2' habilitación, '1' production), which its documents must target
 * (FAD07); absent, the simulator's own. One simulator then plays both of DIAN's endpoints.
 */
export type SimulatorSoftware = {
  id: string;
  pin: string;
  providerNit: string;
  testSetIds?: string[];
  environment?: '1' | '2';
};

/** The demo software's test set (a fixed GUID, like the one DIAN's portal shows a company in habilitación). */
export const demoTestSetId = '6f1a7e4e-0000-4000-8000-000000000000';

/** An electronic invoicer as the RUT and the portal know it. */
export type SimulatorIssuer = {
  nit: string;
  legalName: string;
  /** The reception e-mail registered at DIAN's portal; FAJ71 (N) compares the issuer's Contact with it. */
  receptionEmail?: string;
  software: SimulatorSoftware[];
  ranges: SimulatorRange[];
};

/** A buyer registered with DIAN and the reception address it gave (GetAcquirer answers with these). */
export type SimulatorAcquirer = {
  identificationType: string;
  identificationNumber: string;
  name: string;
  email: string;
};

export type SimulatorIdentity = {
  /** The simulator's own certificate (PEM): signs the ApplicationResponse, as DIAN's GSE certificate does. */
  certificatePem: string;
  privateKeyPem: string;
};

export type SimulatorConfig = {
  /** '2' habilitación (default), '1' production: the environment documents must target (FAD07). */
  environment: '1' | '2';
  issuers: SimulatorIssuer[];
  /** Buyers with a registered reception email (GetAcquirer). */
  acquirers: SimulatorAcquirer[];
  /** CA certificates (PEM) that WS-Security and XAdES certificates must chain to (ZD05). */
  trustedCaPems: string[];
  /**
   * A trust list folder (verify/trust-folder.ts) whose CAs count besides trustedCaPems, read again when it changes.
   */
  trustFolder?: string;
  identity: SimulatorIdentity;
  /** Issue-date window around the reception instant, in Colombian dates (SIM-FEC01/02). */
  issueDateWindow: { pastDays: number; futureDays: number };
  /** Allowed clock difference for the WS-Security timestamp (s). */
  timestampSkewSeconds: number;
  /** Tolerance of FAS07/FAU rules, in cents (DIAN's is reported as ±2.00; reference §3.8). */
  toleranceCents: bigint;
  /** Fault applied to every request unless one names its own (see faults/faults.ts). */
  globalFault: FaultSpec | undefined;
  /**
   * ZB01 beyond well-formedness: DIAN's UBL 2.1 XSD, with libxml2 in the simulator's thread ('on', the default), or
   * not ('off'). 'auto' and 'xmllint', the values of when it ran the xmllint program, mean 'on'.
   */
  schemaValidation: SchemaValidation;
  /**
   * How many GetStatusZip calls for a fresh ZipKey answer "in process" (StatusCode 98) before the
   * verdicts: DIAN validates an async zip in the background; 0 (default) answers at once.
   */
  zipProcessingPolls: number;
  /** Bound on a request body (bytes). */
  maxRequestBytes: number;
  now: () => Date;
};

/** The example request's buyer (examples/invoice-request.json), registered with a reception address. */
export const demoAcquirer: SimulatorAcquirer = {
  identificationType: '31',
  identificationNumber: '900108281',
  name: 'Cliente de Ejemplo S.A.S.',
  email: 'recepcion@cliente.example',
};

/** The demo tenant of the embedded default, on DIAN's public test range (docs/api.md, "Tenants"). */
/**
 * Software of another provider that DIAN also knows for the demo issuer, as a company that changed provider has: what
 * it issued is at DIAN, so a note of this product may reference it (docs/notes.md).
 */
export const demoOtherProviderSoftware: SimulatorSoftware = {
  id: '00000000-0000-4000-8000-0000000000b2',
  pin: '67890',
  providerNit: '900373115',
};

export const demoIssuer: SimulatorIssuer = {
  nit: demoTenant.nit,
  legalName: demoTenant.legalName,
  software: [
    { id: demoSoftware.id, pin: demoSoftware.pin, providerNit: demoSoftware.providerNit, testSetIds: [demoTestSetId] },
    demoOtherProviderSoftware,
  ],
  ranges: [{ ...demoResolution, resolutionDate: demoResolution.startDate }],
};

export function simulatorConfig(
  required: { identity: SimulatorIdentity; trustedCaPems: string[] },
  overrides: Partial<Omit<SimulatorConfig, 'identity' | 'trustedCaPems'>> = {},
): SimulatorConfig {
  return {
    environment: '2',
    issuers: [demoIssuer],
    acquirers: [demoAcquirer],
    issueDateWindow: { pastDays: 10, futureDays: 0 },
    timestampSkewSeconds: 300,
    toleranceCents: 200n,
    globalFault: undefined,
    maxRequestBytes: 20 * 1024 * 1024,
    zipProcessingPolls: 0,
    schemaValidation: 'on',
    now: () => new Date(),
    ...overrides,
    ...required,
  };
}
