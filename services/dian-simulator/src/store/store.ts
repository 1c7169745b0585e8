/**
 * What the simulator remembers, in memory: each processed document's answer by its CUFE, each
 * async zip's answers by ZipKey, and the signed XML of accepted documents (GetXmlByDocumentKey).
 * Bounded: the oldest entries go first once `maxDocuments` is reached.
 */
export type StoredAnswer = {
  /** DianResponse fields as the simulator wrote them (see server/soap-responses.ts). */
  response: SimulatedDianResponse;
  accepted: boolean;
  signedXml: string | undefined;
  validatedAt: Date;
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

export type SimulatorStore = ReturnType<typeof createStore>;

export function createStore(maxDocuments = 100_000) {
  const byKey = new Map<string, StoredAnswer>();
  const zips = new Map<string, string[]>();
  const received = new Map<string, number>();
  const trim = () => {
    for (const key of byKey.keys()) {
      if (byKey.size <= maxDocuments) break;
      byKey.delete(key);
    }
  };
  return {
    /** The document's last answer; an accepted one is never replaced (rule 90 answers instead). */
    record(cufe: string, answer: StoredAnswer): void {
      received.set(cufe, (received.get(cufe) ?? 0) + 1);
      if (byKey.get(cufe)?.accepted) return;
      byKey.delete(cufe);
      byKey.set(cufe, answer);
      trim();
    },
    isAccepted: (cufe: string) => byKey.get(cufe)?.accepted === true,
    /** How many times a document with this CUFE was received and judged (tests: "sent exactly once"). */
    timesReceived: (cufe: string) => received.get(cufe) ?? 0,
    byDocumentKey: (cufe: string) => byKey.get(cufe),
    recordZip(zipKey: string, answers: SimulatedDianResponse[]): void {
      zips.set(zipKey, answers.map((a, i) => a.xmlDocumentKey ?? `${zipKey}#${i}`));
      answers.forEach((a, i) => {
        const key = a.xmlDocumentKey ?? `${zipKey}#${i}`;
        if (!byKey.has(key)) byKey.set(key, { response: a, accepted: a.isValid, signedXml: undefined, validatedAt: new Date(0) });
      });
    },
    byZipKey: (zipKey: string) => zips.get(zipKey)?.map((key) => byKey.get(key)).filter((a) => a !== undefined),
    get size() {
      return byKey.size;
    },
  };
}
