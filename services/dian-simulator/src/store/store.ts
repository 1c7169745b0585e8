/** What the simulator remembers, in memory (`createStore`) or in a file (`createSqliteStore`). */
export type StoredAnswer = {
  /** DianResponse fields as the simulator wrote them (see server/soap-responses.ts). */
  response: SimulatedDianResponse;
  accepted: boolean;
  signedXml: string | undefined;
  validatedAt: Date;
  /**
   * What the document is and whose: a note may only reference an invoice the same issuer had accepted (CBG04/DBG04).
   */
  document?: DocumentFacts;
};

/**
 * The kind of a judged document and its issuer's NIT (an event's sender); an invoice's parties too, which the RADIAN
 * rules read (who may send which event) and the played buyer writes its events from.
 */
export type DocumentFacts = {
  kind: 'invoice' | 'credit-note' | 'debit-note' | 'event';
  issuerNit: string;
  invoice?: InvoiceFacts;
};

/** A party as its document names it: CompanyID and its DV (schemeID) and type (schemeName), person type, name. */
export type PartyFacts = {
  nit: string;
  dv: string | undefined;
  /** The identification type ('31' NIT, '13' cédula …). */
  documentType: string;
  /** AdditionalAccountID: '1' persona jurídica, '2' natural. */
  personType: string | undefined;
  name: string;
};

/** What events are checked against: the invoice's number, date, environment and parties. */
export type InvoiceFacts = {
  number: string;
  issueDate: string;
  /** ProfileExecutionID: '1' production, '2' habilitación. */
  environment: string;
  supplier: PartyFacts;
  customer: PartyFacts;
  /** LegalMonetaryTotal/PayableAmount, for a 036's and 037's rules; absent for invoices accepted before it was kept. */
  payableAmount?: string | undefined;
  /** The first PaymentDueDate of its PaymentMeans: none for an invoice sold in cash. */
  dueDate?: string | undefined;
};

/**
 * An accepted document as the rules see it. `issuerNit` is undefined only for what a simulator file
 * accepted before it recorded issuers: invoices then, as nothing else was accepted. `invoice` is absent for an
 * invoice accepted before the parties were recorded (no event can be registered on it).
 */
export type AcceptedDocument = {
  kind: DocumentFacts['kind'];
  issuerNit: string | undefined;
  invoice?: InvoiceFacts;
};

/** A RADIAN event the simulator registered on an invoice (GetStatusEvent lists them in this order). */
export type RegisteredEvent = {
  /** The event code: '030' … '037'. */
  code: string;
  /** cbc:ID and cbc:UUID (the CUDE) of the event document. */
  id: string;
  cude: string;
  /** cbc:Description as sent, and a claim's reason (ResponseCode/@listID and @name). */
  description: string | undefined;
  claimReason: { code: string; name: string | undefined } | undefined;
  issueDate: string;
  issueTime: string;
  sender: PartyFacts;
  receiver: PartyFacts;
  /** When the simulator registered it. */
  registeredAt: Date;
};

export type SimulatedDianResponse = {
  isValid: boolean;
  statusCode: string;
  statusDescription: string;
  statusMessage: string | undefined;
  errorMessages: string[];
  xmlBase64Bytes: string | undefined;
  xmlDocumentKey: string | undefined;
  xmlFileName: string | undefined;
};

/**
 * What the dispatcher and rules remember: in memory, or in a file for the embedded service, so like DIAN it knows
 * after a restart what it accepted.
 */
export interface SimulatorStore {
  /** The document's last answer; an accepted one is never replaced (rule 90 answers instead). */
  record(cufe: string, answer: StoredAnswer): void;
  isAccepted(cufe: string): boolean;
  /** The accepted document under this CUFE/CUDE, undefined when none was accepted (or it was forgotten). */
  acceptedDocument(cufe: string): AcceptedDocument | undefined;
  /** How many times a document with this CUFE was received and judged (tests: "sent exactly once"). */
  timesReceived(cufe: string): number;
  byDocumentKey(key: string): StoredAnswer | undefined;
  recordZip(zipKey: string, answers: SimulatedDianResponse[]): void;
  byZipKey(zipKey: string): StoredAnswer[] | undefined;
  /**
   * An accepted event: its answer under its CUDE (as `record`, for GetStatus and rule 90) and the event on its
   * invoice's list, together.
   */
  recordEvent(invoiceCufe: string, event: RegisteredEvent, answer: StoredAnswer): void;
  /** The events registered on an invoice, oldest first; none for an unknown one. */
  eventsOf(invoiceCufe: string): RegisteredEvent[];
  /** Whether this sender registered an event of this code with this ID (on any invoice): AAD05. */
  eventIdUsed(senderNit: string, code: string, id: string): boolean;
  /** Answers held. */
  readonly size: number;
  /** Bytes of answers held (for tests and diagnostics). */
  readonly answerBytes: number;
  close(): void;
}

export type StoreLimits = {
  /** Documents remembered (answers, acceptances, reception counts); the oldest go first. */
  maxDocuments: number;
  /** Bytes of stored answers (signed XML, ApplicationResponse); the oldest answers go first. */
  maxAnswerBytes: number;
};

const DEFAULT_LIMITS: StoreLimits = { maxDocuments: 100_000, maxAnswerBytes: 16 * 1024 * 1024 };

/**
 * Bounded twice so a long-running service does not grow without end: bulky answers by bytes, small facts by
 * count. An accepted document whose answer was dropped is still refused with rule 90.
 */
export function createStore(limits: Partial<StoreLimits> | number = {}): SimulatorStore {
  const { maxDocuments, maxAnswerBytes } =
    typeof limits === 'number' ? { ...DEFAULT_LIMITS, maxDocuments: limits } : { ...DEFAULT_LIMITS, ...limits };
  const byKey = new Map<string, StoredAnswer>();
  let answerBytes = 0;
  /** Accepted keys, and what each document was (the facts are a few dozen bytes: bounded by count, as the keys). */
  const accepted = new Map<string, AcceptedDocument>();
  const zips = new Map<string, string[]>();
  const received = new Map<string, number>();
  /** Events by invoice CUFE, and the (sender, code, ID) triples used: bounded by count, as the keys. */
  const events = new Map<string, RegisteredEvent[]>();
  const eventIds = new Set<string>();
  const eventIdKey = (senderNit: string, code: string, id: string) => `${senderNit}|${code}|${id}`;

  const sizeOf = (answer: StoredAnswer) =>
    1024 + (answer.signedXml?.length ?? 0) + (answer.response.xmlBase64Bytes?.length ?? 0);
  const forget = (key: string) => {
    const answer = byKey.get(key);
    if (!answer) return;
    byKey.delete(key);
    answerBytes -= sizeOf(answer);
  };
  const keep = (key: string, answer: StoredAnswer) => {
    forget(key);
    byKey.set(key, answer);
    answerBytes += sizeOf(answer);
    if (answer.accepted) accepted.set(key, answer.document ?? UNRECORDED);
    for (const oldest of byKey.keys()) {
      if (byKey.size <= maxDocuments && answerBytes <= maxAnswerBytes) break;
      forget(oldest);
    }
    trimOldest(accepted, maxDocuments);
  };

  const record = (cufe: string, answer: StoredAnswer): void => {
    const times = (received.get(cufe) ?? 0) + 1;
    received.delete(cufe); // re-inserted last: the most recent receptions are the ones kept
    received.set(cufe, times);
    trimOldest(received, maxDocuments);
    if (accepted.has(cufe)) return;
    keep(cufe, answer);
  };

  return {
    record,
    isAccepted: (cufe: string) => accepted.has(cufe),
    acceptedDocument: (cufe: string) => accepted.get(cufe),
    timesReceived: (cufe: string) => received.get(cufe) ?? 0,
    byDocumentKey: (cufe: string) => byKey.get(cufe),
    recordZip(zipKey: string, answers: SimulatedDianResponse[]): void {
      zips.set(
        zipKey,
        answers.map((a, i) => a.xmlDocumentKey ?? `${zipKey}#${i}`),
      );
      trimOldest(zips, maxDocuments);
      answers.forEach((a, i) => {
        const key = a.xmlDocumentKey ?? `${zipKey}#${i}`;
        if (!byKey.has(key) && !accepted.has(key))
          keep(key, { response: a, accepted: a.isValid, signedXml: undefined, validatedAt: new Date(0) });
      });
    },
    byZipKey: (zipKey: string) =>
      zips
        .get(zipKey)
        ?.map((key) => byKey.get(key))
        .filter((a) => a !== undefined),
    recordEvent(invoiceCufe, event, answer) {
      record(event.cude, answer);
      const list = events.get(invoiceCufe) ?? [];
      events.delete(invoiceCufe); // re-inserted last: the invoices with recent events are the ones kept
      events.set(invoiceCufe, [...list, event]);
      trimOldest(events, maxDocuments);
      eventIds.add(eventIdKey(event.sender.nit, event.code, event.id));
      trimOldest(eventIds, maxDocuments);
    },
    eventsOf: (invoiceCufe) => [...(events.get(invoiceCufe) ?? [])],
    eventIdUsed: (senderNit, code, id) => eventIds.has(eventIdKey(senderNit, code, id)),
    get size() {
      return byKey.size;
    },
    get answerBytes() {
      return answerBytes;
    },
    close() {},
  };
}

/** An accepted answer that came without facts (an async zip's entry): an invoice of an unrecorded issuer. */
const UNRECORDED: AcceptedDocument = { kind: 'invoice', issuerNit: undefined };

/** Drops the oldest entries (insertion order) beyond `max`. */
function trimOldest(collection: Set<string> | Map<string, unknown>, max: number): void {
  for (const oldest of collection.keys()) {
    if (collection.size <= max) return;
    collection.delete(oldest);
  }
}
