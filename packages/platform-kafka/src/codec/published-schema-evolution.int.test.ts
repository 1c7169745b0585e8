// How a published v1 may change under the registry's FORWARD_TRANSITIVE check (docs/events.md, "Versioning"): a
// field added is accepted, since every earlier reader of the subject ignores what it does not know; a new value of
// an enum is refused, since an earlier reader would refuse the event, so it would be a v2.
import {
  buyerNotificationStartedV1,
  buyerNotificationStartedV1Data,
  creditNoteRequestedV1,
  creditNoteRequestedV1Data,
  debitNoteRequestedV1,
  debitNoteRequestedV1Data,
  envelopeSchema,
  invoiceRequestedV1,
  invoiceRequestedV1Data,
  invoiceSubmittedV1,
  invoiceSubmittedV1Data,
} from '@fe/contracts';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { schemaRegistryUrl, unique } from '../../test-support/servers.ts';
import { KafkaBusError } from '../errors.ts';
import { jsonSchemaOf } from './event-json-schemas.ts';
import { SchemaRegistryCodec } from './schema-registry-codec.ts';

const versionsOf = (subject: string) =>
  fetch(`${schemaRegistryUrl()}/subjects/${encodeURIComponent(subject)}/versions`).then((r) => r.json());

// The habilitación test set (docs/portal.md) added SendTestSetAsync to InvoiceSubmitted.v1 while subjects were
// BACKWARD; a reader generated before it would refuse such an event, which FORWARD_TRANSITIVE now refuses to publish.
describe('InvoiceSubmitted.v1 with one more operation', () => {
  it('is refused as the next version of the schema without it: an earlier reader would refuse the event', async () => {
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
    await registry.register(subject, jsonSchemaOf(before, subject));
    const refused = await registry
      .register(subject, jsonSchemaOf(invoiceSubmittedV1, subject))
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(KafkaBusError);
    expect(refused).toMatchObject({ code: 'SCHEMA_INCOMPATIBLE' });
    expect(await versionsOf(subject)).toEqual([1]);
  });
});

// build_rules (docs/events.md, "Versioning"): a document's first event names the build rules that made its
// CUFE/CUDE. The field is optional, so each subject's schema without it is followed by today's.
describe('the first events of a document with build_rules', () => {
  const withAndWithout = [
    ['InvoiceRequested', invoiceRequestedV1, invoiceRequestedV1Data.omit({ build_rules: true })],
    ['CreditNoteRequested', creditNoteRequestedV1, creditNoteRequestedV1Data.omit({ build_rules: true })],
    ['DebitNoteRequested', debitNoteRequestedV1, debitNoteRequestedV1Data.omit({ build_rules: true })],
  ] as const;

  it.each(withAndWithout)(
    '%s.v1 is a FORWARD_TRANSITIVE-compatible next version of the schema without it',
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
      await registry.register(subject, jsonSchemaOf(before, subject));
      await registry.register(subject, jsonSchemaOf(contract, subject));
      expect(await versionsOf(subject)).toEqual([1, 2]);
    },
  );
});

// File names (docs/choices.md, "File names"): the names a document was sent and mailed under, optional on two v1s.
describe('InvoiceSubmitted and BuyerNotificationStarted with their file names', () => {
  const withAndWithout = [
    ['InvoiceSubmitted', invoiceSubmittedV1, invoiceSubmittedV1Data.omit({ file_name: true, xml_file_name: true })],
    ['BuyerNotificationStarted', buyerNotificationStartedV1, buyerNotificationStartedV1Data.omit({ file_name: true })],
  ] as const;

  it.each(withAndWithout)(
    '%s.v1 is a FORWARD_TRANSITIVE-compatible next version of the schema without them',
    async (type, contract, dataBefore) => {
      const before = envelopeSchema(type, 1, dataBefore).meta({ id: `${type}.v1` });
      const registry = new SchemaRegistryCodec({
        url: schemaRegistryUrl(),
        contracts: { [`${type}.v1`]: contract },
        namespace: unique('fe.events.filenames'),
      });
      const subject = registry.subjectOf(type, 1);
      expect(jsonSchemaOf(contract)).toContain('file_name');
      expect(jsonSchemaOf(before)).not.toContain('file_name');
      await registry.register(subject, jsonSchemaOf(before, subject));
      await registry.register(subject, jsonSchemaOf(contract, subject));
      expect(await versionsOf(subject)).toEqual([1, 2]);
    },
  );
});
