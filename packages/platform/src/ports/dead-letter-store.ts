import type { BusMessage } from './event-bus.ts';

/**
 * Where a message a consumer group gave up on is kept until an operator re-drives it. The bus
 * writes here before the group's offset moves past the message, so a dead letter survives a
 * restart; the in-process bus otherwise forgets its `<topic>.dlq` topic with the process, and the
 * relay's checkpoint has already moved past the event, so nothing would ever deliver it again.
 *
 *   await deadLetters.keep({ topic, group, message, error: 'SignerError CREDENTIAL_UNUSABLE: … (CERT_EXPIRED)', attempts: 5 }, now);
 *   await deadLetters.requestRedrive('all', now);               // the operator, after fixing the cause
 *   for (const letter of await deadLetters.requested()) …       // the re-driver, in the service
 *
 * One letter per (topic, group, event id): a message that dies again updates its letter (error,
 * deaths, last death) and withdraws any pending re-drive request.
 */
export type DeadLetterInput = {
  topic: string;
  group: string;
  /** The message as the group received it, without the `x-dead-letter-*` headers. */
  message: BusMessage;
  /** `Name CODE: message` of the last failure (codes and ids only: it is shown to operators). */
  error: string;
  attempts: number;
};

export type DeadLetter = DeadLetterInput & {
  id: number;
  /** How many times this message was dead-lettered (re-drives that failed again add one). */
  deaths: number;
  firstDeadAt: string;
  lastDeadAt: string;
  /** Set while a re-drive is asked for and not yet done. */
  redriveRequestedAt?: string;
};

export interface DeadLetterStore {
  keep(letter: DeadLetterInput, at: Date): Promise<void>;
  /** Every letter, oldest first. */
  list(): Promise<DeadLetter[]>;
  /** Marks letters for re-drive; returns how many letters it marked (unknown ids are skipped). */
  requestRedrive(ids: 'all' | readonly number[], at: Date): Promise<number>;
  /** Letters with a pending re-drive request, oldest request first. */
  requested(): Promise<DeadLetter[]>;
  /** Forgets a letter (its re-drive succeeded). */
  remove(id: number): Promise<void>;
}
