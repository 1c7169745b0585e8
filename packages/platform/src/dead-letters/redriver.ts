import type { DeadLetter, DeadLetterStore } from '../ports/dead-letter-store.ts';
import type { BusCapability } from '../ports/event-bus.ts';
import type { Logger } from '../ports/logger.ts';

export type RedriverOptions = {
  letters: Pick<DeadLetterStore, 'requested' | 'remove' | 'keep'>;
  /** The bus that gave up on the letters: any bus with the re-drive capability (ports/event-bus.ts). */
  bus: BusCapability<'redrive'>;
  logger: Logger;
  now: () => Date;
  /**
   * How often it looks for re-drive requests (`pnpm fe dead-letters redrive` writes them); it also looks once at start.
   * Default 2 000 ms.
   */
  pollMs?: number;
};

export type Redriver = {
  /** Re-drives what is requested now; resolves with how many letters were handled. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
};

/**
 * Carries out re-drive requests at start and every `pollMs`. A letter is removed only after its handler
 * succeeded, and one that fails again withdraws its request, so a poison message is not retried forever.
 */
export function startDeadLetterRedriver(options: RedriverOptions): Redriver {
  const { letters, bus, logger, now } = options;
  const pollMs = options.pollMs ?? 2000;
  let running: Promise<number> | undefined;
  let stopped = false;

  const redriveOne = async (letter: DeadLetter): Promise<boolean> => {
    const fields = {
      dead_letter: letter.id,
      group: letter.group,
      event_id: letter.message.value.id,
      type: letter.message.value.type,
      invoice_id: letter.message.value.invoice_id,
    };
    const result = await bus.redrive(letter);
    if (result.outcome === 'handled') {
      await letters.remove(letter.id);
      logger.info({ ...fields, outcome: 'handled' }, 'dead letter re-driven and handled');
      return true;
    }
    if (result.outcome === 'failed') {
      await letters.keep(
        {
          topic: letter.topic,
          group: letter.group,
          message: letter.message,
          error: result.error,
          attempts: letter.attempts,
        },
        now(),
      );
      logger.warn(
        { ...fields, outcome: 'failed', error: result.error },
        'dead letter re-driven and failed again; kept, request withdrawn',
      );
      return false;
    }
    logger.info(
      { ...fields, outcome: 'not_run', reason: result.reason },
      'dead letter not re-driven now; the request stays',
    );
    return false;
  };

  const runOnce = (): Promise<number> => {
    running ??= (async () => {
      let handled = 0;
      try {
        for (const letter of await letters.requested()) {
          if (stopped) break;
          if (await redriveOne(letter)) handled++;
        }
      } finally {
        running = undefined;
      }
      return handled;
    })();
    return running;
  };

  // A round that fails (the store unreadable) is logged; the next one tries again.
  const round = () =>
    void runOnce().catch((error: unknown) =>
      logger.error({ err: error }, 'dead-letter re-drive round failed; the next round tries again'),
    );
  const timer = setInterval(round, pollMs);
  timer.unref();
  round(); // requests written while the service was down
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
