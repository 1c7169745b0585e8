import type { RadianEventRegistration } from '@fe/contracts';
import { buildEventApplicationResponse, demoSoftware } from '@fe/dian-domain';
import { createRecordingLogger } from '@fe/platform/testing';
import { describe, expect, it } from 'vitest';
import { withPeople } from './people.ts';

// A buyer's 032 as DIAN keeps it: built by the domain's builder, naming who received the goods.
const built = buildEventApplicationResponse({
  content: {
    eventCode: '032',
    id: 'RB1',
    sender: { name: 'Comprador S.A.S.', documentType: '31', id: '900108281', dv: 3, personType: '1' },
    receiver: { name: 'Vendedor S.A.S.', documentType: '31', id: '900123456', dv: 8, personType: '1' },
    invoice: { id: 'SETP1', cufe: 'a'.repeat(96) },
    person: {
      documentType: '13',
      id: '52123456',
      firstName: 'Ana',
      familyName: 'Pérez',
      jobTitle: 'Almacenista',
      department: 'Bodega',
    },
  },
  software: demoSoftware,
  environment: '2',
  issuedAt: new Date('2026-12-01T15:00:00Z'),
});
if (!built.ok) throw new Error(built.error.code);
const event = built.value;
const registration = (code: RadianEventRegistration['code'], cude: string): RadianEventRegistration => ({
  code,
  name: `Evento ${code}`,
  event_id: 'RB1',
  cude,
  issue_date: '2026-12-01',
  issue_time: '10:00:00-05:00',
  sender: { nit: '900108281' },
  issued_by_us: false,
});

describe("withPeople: who a buyer's event names, from its own document", () => {
  it('fills the person of a 032 from the document DIAN keeps under its CUDE; asks nothing for a 031', async () => {
    const asked: string[] = [];
    const filled = await withPeople(
      [registration('032', event.cude), registration('031', 'b'.repeat(96))],
      async (cude) => (asked.push(cude), event.xml),
      createRecordingLogger(),
    );
    expect(filled[0]!.person).toEqual({
      id: '52123456',
      first_name: 'Ana',
      family_name: 'Pérez',
      job_title: 'Almacenista',
      department: 'Bodega',
    });
    expect(filled[1]!.person).toBeUndefined();
    expect(asked).toEqual([event.cude]);
  });

  it("another event's document, none, or a DIAN that fails: recorded without a person, and said in the log", async () => {
    const logger = createRecordingLogger();
    const other = await withPeople([registration('032', 'c'.repeat(96))], async () => event.xml, logger);
    const none = await withPeople([registration('030', event.cude)], async () => undefined, logger);
    const failed = await withPeople(
      [registration('033', event.cude)],
      async () => {
        throw new Error('HTTP_503');
      },
      logger,
    );
    expect([other[0]!.person, none[0]!.person, failed[0]!.person]).toEqual([undefined, undefined, undefined]);
    expect(logger.entries.map((e) => e.message)).toEqual([
      "the event's document names no person; recorded without one",
      "the event's document names no person; recorded without one",
      "the event's document could not be read; recorded without a person",
    ]);
  });
});
