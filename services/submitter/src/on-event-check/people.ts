import type { RadianEventRegistration } from '@fe/contracts';
import { readEventApplicationResponse } from '@fe/dian-xml';
import type { Logger } from '@fe/platform';

/** The buyer's events that name a person: who received the invoice (030), the goods (032), or accepted (033). */
const WITH_PERSON = new Set(['030', '032', '033']);

/**
 * The person each new 030/032/033 names, read from the event's own document (GetXmlByDocumentKey of its CUDE):
 * DIAN's list of events does not carry it. A document that cannot be had or read, or is another event's, leaves the
 * registration as it is (logged): who received is worth a call, not a lost check.
 */
export async function withPeople(
  registrations: readonly RadianEventRegistration[],
  documentOf: (cude: string) => Promise<string | undefined>,
  logger: Logger,
): Promise<RadianEventRegistration[]> {
  const filled: RadianEventRegistration[] = [];
  for (const registration of registrations) {
    if (!WITH_PERSON.has(registration.code) || registration.person) {
      filled.push(registration);
      continue;
    }
    let person: RadianEventRegistration['person'];
    try {
      const xml = await documentOf(registration.cude);
      const read = xml === undefined ? undefined : readEventApplicationResponse(xml);
      const p = read?.cude?.toLowerCase() === registration.cude ? read.person : undefined;
      if (p?.id && p.firstName !== undefined && p.familyName !== undefined)
        person = {
          id: p.id,
          first_name: p.firstName,
          family_name: p.familyName,
          ...(p.jobTitle ? { job_title: p.jobTitle } : {}),
          ...(p.department ? { department: p.department } : {}),
        };
      else logger.warn({ cude: registration.cude }, "the event's document names no person; recorded without one");
    } catch (error) {
      logger.warn(
        { cude: registration.cude, err: error },
        "the event's document could not be read; recorded without a person",
      );
    }
    filled.push(person ? { ...registration, person } : registration);
  }
  return filled;
}
