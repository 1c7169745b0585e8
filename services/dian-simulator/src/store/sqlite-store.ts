import { closeSync, openSync } from 'node:fs';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type {
  AcceptedDocument,
  DocumentFacts,
  InvoiceFacts,
  RegisteredEvent,
  SimulatedDianResponse,
  SimulatorStore,
  StoredAnswer,
} from './store.ts';

/**
 * The simulator's memory in SQLite: DIAN does not forget an acceptance when the service restarts, so a
 * submission cut by a crash is judged once. Bounded by `maxDocuments`, least recently received first.
 */
export function createSqliteStore(path: string, limits: { maxDocuments?: number } = {}): SimulatorStore {
  const maxDocuments = limits.maxDocuments ?? 100_000;
  // @fe/platform's openWalDatabase, written out: the simulator's thread does not load @fe/platform.
  // A new file is created owner-only first; SQLite gives its -wal and -shm the same mode.
  if (path !== ':memory:') {
    try {
      closeSync(openSync(path, 'wx', 0o600));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const db = new DatabaseSync(path);
  db.exec('PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
  // The bulky texts (the signed XML, the ApplicationResponse's base64) in columns of their own, not
  // inside the JSON: binding a string is a copy, JSON.stringify would scan and escape 30 KB.
  db.exec(`CREATE TABLE IF NOT EXISTS documents (
      key TEXT PRIMARY KEY, seq INTEGER NOT NULL, received INTEGER NOT NULL, accepted INTEGER NOT NULL,
      response TEXT, application_response TEXT, signed_xml TEXT, validated_at TEXT, kind TEXT, issuer TEXT, invoice TEXT);
    CREATE INDEX IF NOT EXISTS documents_seq ON documents (seq);
    CREATE TABLE IF NOT EXISTS zips (zip_key TEXT PRIMARY KEY, seq INTEGER NOT NULL, keys TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS zips_seq ON zips (seq);
    CREATE TABLE IF NOT EXISTS events (cude TEXT PRIMARY KEY, invoice_key TEXT NOT NULL, seq INTEGER NOT NULL,
      sender TEXT NOT NULL, code TEXT NOT NULL, id TEXT NOT NULL, event TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS events_invoice ON events (invoice_key, seq);
    CREATE INDEX IF NOT EXISTS events_id ON events (sender, code, id);
    CREATE INDEX IF NOT EXISTS events_seq ON events (seq);`);
  // A file written before notes has no kind and issuer, one before events no invoice parties: they are added, NULL
  // for its rows (invoices then; no event can be registered on one whose parties were not kept).
  const columnNames = new Set(
    (db.prepare('PRAGMA table_info(documents)').all() as { name: string }[]).map((c) => c.name),
  );
  for (const column of ['kind', 'issuer', 'invoice'])
    if (!columnNames.has(column)) db.exec(`ALTER TABLE documents ADD COLUMN ${column} TEXT`);
  const statement = (sql: string): StatementSync => db.prepare(sql);
  const select = statement(
    'SELECT received, accepted, response, application_response, signed_xml, validated_at, kind, issuer, invoice FROM documents WHERE key = ?',
  );
  // What the rules ask of every document (was it accepted, what was it): without the bulky columns, which only
  // GetStatus and GetXmlByDocumentKey read.
  const selectFacts = statement('SELECT received, accepted, kind, issuer, invoice FROM documents WHERE key = ?');
  // A reception counted and its answer kept in one statement; an accepted answer is never replaced (SET reads the
  // row as it was).
  const answerColumns = ['response', 'application_response', 'signed_xml', 'validated_at', 'kind', 'issuer', 'invoice'];
  const receive = statement(`INSERT INTO documents (key, seq, received, accepted, ${answerColumns.join(', ')})
    VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET received = received + 1, seq = excluded.seq,
    ${['accepted', ...answerColumns].map((c) => `${c} = iif(accepted = 0, excluded.${c}, ${c})`).join(', ')}`);
  const keepNew =
    statement(`INSERT INTO documents (key, seq, received, accepted, response, application_response, signed_xml, validated_at, kind, issuer,
    invoice) VALUES (?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING`);
  const zip = statement(
    'INSERT INTO zips (zip_key, seq, keys) VALUES (?, ?, ?) ON CONFLICT (zip_key) DO UPDATE SET seq = excluded.seq, keys = excluded.keys',
  );
  const zipKeys = statement('SELECT keys FROM zips WHERE zip_key = ?');
  const trimDocuments = statement('DELETE FROM documents WHERE seq <= ?');
  const trimZips = statement('DELETE FROM zips WHERE seq <= ?');
  const addEvent = statement(
    'INSERT INTO events (cude, invoice_key, seq, sender, code, id, event) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (cude) DO NOTHING',
  );
  const selectEvents = statement('SELECT event FROM events WHERE invoice_key = ? ORDER BY seq');
  const selectEventId = statement('SELECT 1 AS found FROM events WHERE sender = ? AND code = ? AND id = ? LIMIT 1');
  const trimEvents = statement('DELETE FROM events WHERE seq <= ?');
  const counts = statement(`SELECT count(response) AS n,
    coalesce(sum(length(response) + coalesce(length(application_response), 0) + coalesce(length(signed_xml), 0)), 0) AS bytes FROM documents`);
  let seq = Number(
    (
      statement(
        'SELECT max(seq) AS s FROM (SELECT seq FROM documents UNION ALL SELECT seq FROM zips UNION ALL SELECT seq FROM events)',
      ).get() as {
        s: number | null;
      }
    ).s ?? 0,
  );

  type Row = {
    received: number;
    accepted: number;
    response: string | null;
    application_response: string | null;
    signed_xml: string | null;
    validated_at: string | null;
    kind: DocumentFacts['kind'] | null;
    issuer: string | null;
    invoice: string | null;
  };
  type FactsRow = Pick<Row, 'received' | 'accepted' | 'kind' | 'issuer' | 'invoice'>;
  const row = (key: string) => select.get(key) as Row | undefined;
  const factsRow = (key: string) => selectFacts.get(key) as FactsRow | undefined;
  // An answer as bound parameters: response (without its base64), application_response, signed_xml, validated_at, kind,
  // issuer, invoice.
  const columns = (answer: StoredAnswer) => {
    const { xmlBase64Bytes, ...response } = answer.response;
    return [
      JSON.stringify(response),
      xmlBase64Bytes ?? null,
      answer.signedXml ?? null,
      answer.validatedAt.toISOString(),
      answer.document?.kind ?? null,
      answer.document?.issuerNit ?? null,
      answer.document?.invoice ? JSON.stringify(answer.document.invoice) : null,
    ] as const;
  };
  const next = () => ++seq;
  // After the writes of a call, so a document received again is stamped before the trim looks.
  let trimmedAt = seq;
  const trim = () => {
    if (seq - trimmedAt < 1000) return;
    trimmedAt = seq;
    trimDocuments.run(seq - maxDocuments);
    trimZips.run(seq - maxDocuments);
    trimEvents.run(seq - maxDocuments);
  };
  const invoiceOf = (found: FactsRow): { invoice?: InvoiceFacts } =>
    found.invoice === null ? {} : { invoice: JSON.parse(found.invoice) as InvoiceFacts };
  const answerOf = (key: string): StoredAnswer | undefined => {
    const found = row(key);
    if (!found?.response) return undefined;
    const response = {
      ...(JSON.parse(found.response) as Omit<SimulatedDianResponse, 'xmlBase64Bytes'>),
      xmlBase64Bytes: found.application_response ?? undefined,
    };
    const answer: StoredAnswer = {
      response,
      accepted: found.accepted === 1,
      signedXml: found.signed_xml ?? undefined,
      validatedAt: new Date(found.validated_at!),
    };
    if (found.kind !== null && found.issuer !== null)
      answer.document = { kind: found.kind, issuerNit: found.issuer, ...invoiceOf(found) };
    return answer;
  };
  // @fe/platform's `immediate` does this; the simulator's thread does not load @fe/platform (its
  // isolate carries only what DIAN's stand-in needs), so the four lines stay here.
  const transaction = (work: () => void) => {
    db.exec('BEGIN IMMEDIATE');
    try {
      work();
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  };

  const recordAnswer = (cufe: string, answer: StoredAnswer) => {
    receive.run(cufe, next(), answer.accepted ? 1 : 0, ...columns(answer));
  };

  return {
    record(cufe, answer) {
      transaction(() => {
        recordAnswer(cufe, answer);
        trim();
      });
    },
    isAccepted: (cufe) => factsRow(cufe)?.accepted === 1,
    acceptedDocument(cufe): AcceptedDocument | undefined {
      const found = factsRow(cufe);
      // NULL kind: accepted before kinds were recorded (or an async zip's entry), when only invoices were.
      return found?.accepted === 1
        ? { kind: found.kind ?? 'invoice', issuerNit: found.issuer ?? undefined, ...invoiceOf(found) }
        : undefined;
    },
    timesReceived: (cufe) => factsRow(cufe)?.received ?? 0,
    byDocumentKey: answerOf,
    recordZip(zipKey, answers: SimulatedDianResponse[]) {
      const keys = answers.map((a, i) => a.xmlDocumentKey ?? `${zipKey}#${i}`);
      transaction(() => {
        zip.run(zipKey, next(), JSON.stringify(keys));
        answers.forEach((a, i) => {
          const stored: StoredAnswer = {
            response: a,
            accepted: a.isValid,
            signedXml: undefined,
            validatedAt: new Date(0),
          };
          keepNew.run(keys[i]!, next(), a.isValid ? 1 : 0, ...columns(stored));
        });
        trim();
      });
    },
    byZipKey(zipKey) {
      const keys = zipKeys.get(zipKey) as { keys: string } | undefined;
      if (!keys) return undefined;
      return (JSON.parse(keys.keys) as string[]).map(answerOf).filter((a) => a !== undefined);
    },
    recordEvent(invoiceCufe, event, answer) {
      transaction(() => {
        recordAnswer(event.cude, answer);
        addEvent.run(event.cude, invoiceCufe, next(), event.sender.nit, event.code, event.id, JSON.stringify(event));
        trim();
      });
    },
    eventsOf: (invoiceCufe) =>
      (selectEvents.all(invoiceCufe) as { event: string }[]).map(({ event }) => {
        const stored = JSON.parse(event) as Omit<RegisteredEvent, 'registeredAt'> & { registeredAt: string };
        return { ...stored, registeredAt: new Date(stored.registeredAt) };
      }),
    eventIdUsed: (senderNit, code, id) => selectEventId.get(senderNit, code, id) !== undefined,
    get size() {
      return Number((counts.get() as { n: number }).n);
    },
    get answerBytes() {
      return Number((counts.get() as { bytes: number }).bytes);
    },
    close() {
      if (db.isOpen) db.close();
    },
  };
}
