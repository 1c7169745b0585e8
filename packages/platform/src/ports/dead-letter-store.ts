import type { BusMessage } from './event-bus.ts';

/**
 * Where a message a group gave up on waits for re-drive: the bus writes here before the offset moves past it,
 * since neither the bus nor the relay would deliver it again.
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
