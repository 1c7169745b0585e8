// InvoiceRequested.v1 carries the grown request whole, so the registry must accept today's schema as the next
// BACKWARD version of the one published from the contracts at commit 5f16977; a refusal stops every deployment.
import {
  creditNoteRequestedV1,
  creditNoteRequestedV1Data,
  debitNoteRequestedV1,
  debitNoteRequestedV1Data,
  envelopeSchema,
  invoiceRequestedV1,
  invoiceRequestedV1Data,
  invoiceSubmittedV1,
} from '@fe/contracts';
import { z } from 'zod';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { schemaRegistryUrl, unique } from '../../test-support/servers.ts';
import { jsonSchemaOf } from './event-json-schemas.ts';
import { SchemaRegistryCodec } from './schema-registry-codec.ts';

const published = readFileSync(
  new URL('./invoice-requested.v1.before-issue-18.schema.json', import.meta.url),
  'utf8',
).trim();

describe('InvoiceRequested.v1 after issue 18', () => {
  it('is a BACKWARD-compatible next version of the schema published before it', async () => {
    const namespace = unique('fe.events.issue18');
    const registry = new SchemaRegistryCodec({
      url: schemaRegistryUrl(),
      contracts: { 'InvoiceRequested.v1': invoiceRequestedV1 },
      namespace,
    });
    const subject = registry.subjectOf('InvoiceRequested', 1);
    const current = jsonSchemaOf(invoiceRequestedV1);
    expect(current).not.toBe(published); // the request did grow
    await registry.register(subject, published);
    await registry.register(subject, current);
    const versions = await fetch(`${schemaRegistryUrl()}/subjects/${encodeURIComponent(subject)}/versions`).then((r) =>
      r.json(),
    );
    expect(versions).toEqual([1, 2]);
  });
});

// The habilitación test set (docs/portal.md) added an operation to InvoiceSubmitted.v1 (docs/events.md, "Versioning").
describe('InvoiceSubmitted.v1 with the SendTestSetAsync operation', () => {
  it('is a BACKWARD-compatible next version of the schema with SendBillSync and SendBillAsync only', async () => {
    const before = envelopeSchema(
      'InvoiceSubmitted',
      1,
      z.object({
        attempt: z.number().int().positive(),
        operation: z.enum(['SendBillSync', 'SendBillAsync']),
        track_id: z.string(),
        endpoint: z.string().describe('DIAN endpoint URL (never credentials)'),
      }),
    );
    const registry = new SchemaRegistryCodec({
      url: schemaRegistryUrl(),
      contracts: { 'InvoiceSubmitted.v1': invoiceSubmittedV1 },
      namespace: unique('fe.events.testset'),
    });
    const subject = registry.subjectOf('InvoiceSubmitted', 1);
    await registry.register(subject, jsonSchemaOf(before));
    await registry.register(subject, jsonSchemaOf(invoiceSubmittedV1));
    const versions = await fetch(`${schemaRegistryUrl()}/subjects/${encodeURIComponent(subject)}/versions`).then((r) =>
      r.json(),
    );
    expect(versions).toEqual([1, 2]);
  });
});

// build_rules (docs/events.md, "Versioning"): a document's first event names the build rules that made its
// CUFE/CUDE. The field is optional, so each subject's schema without it (the one published before) is followed
// by today's as a BACKWARD-compatible next version.
describe('the first events of a document with build_rules', () => {
  const withAndWithout = [
    ['InvoiceRequested', invoiceRequestedV1, invoiceRequestedV1Data.omit({ build_rules: true })],
    ['CreditNoteRequested', creditNoteRequestedV1, creditNoteRequestedV1Data.omit({ build_rules: true })],
    ['DebitNoteRequested', debitNoteRequestedV1, debitNoteRequestedV1Data.omit({ build_rules: true })],
  ] as const;

  it.each(withAndWithout)(
    '%s.v1 is a BACKWARD-compatible next version of the schema without it',
    async (type, contract, dataBefore) => {
      const before = envelopeSchema(type, 1, dataBefore).meta({ id: `${type}.v1` });
      const registry = new SchemaRegistryCodec({
        url: schemaRegistryUrl(),
        contracts: { [`${type}.v1`]: contract },
        namespace: unique('fe.events.buildrules'),
      });
      const subject = registry.subjectOf(type, 1);
      expect(jsonSchemaOf(contract)).toContain('build_rules');
      expect(jsonSchemaOf(before)).not.toContain('build_rules');
      await registry.register(subject, jsonSchemaOf(before));
      await registry.register(subject, jsonSchemaOf(contract));
      const versions = await fetch(`${schemaRegistryUrl()}/subjects/${encodeURIComponent(subject)}/versions`).then(
        (r) => r.json(),
      );
      expect(versions).toEqual([1, 2]);
    },
  );
});
