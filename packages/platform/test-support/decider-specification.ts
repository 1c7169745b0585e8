import type { InvoiceEvent } from '@fe/contracts';
import { expect } from 'vitest';

/** A decider over a document stream: the stream's fold and what a command decides on its state. */
export type Decider<S, C, D> = {
  initialState: () => S;
  evolve: (state: S, event: InvoiceEvent) => S;
  decide: (command: C, state: S) => D;
};

/**
 * Given recorded events, when a command arrives, then this decision or error (after emmett's
 * DeciderSpecification).
 *
 *   DeciderSpecification.for(signingDecider).given([requested]).when(requested).then({ action: 'sign', requested });
 */
export const DeciderSpecification = {
  for<S, C, D>(decider: Decider<S, C, D>) {
    return {
      given(events: readonly InvoiceEvent[]) {
        return {
          when(command: C) {
            const decide = () => decider.decide(command, events.reduce(decider.evolve, decider.initialState()));
            return {
              /** The decision equals `expected` (deeply), or passes `check`. */
              then(expected: D | ((decision: D) => void)): void {
                const decision = decide();
                if (typeof expected === 'function') (expected as (decision: D) => void)(decision);
                else expect(decision).toEqual(expected);
              },
              /** decide throws; when given, `check` holds for what it threw. */
              thenThrows<E = { code?: string; message: string }>(check?: (error: E) => boolean): void {
                let thrown: { error: unknown } | undefined;
                try {
                  decide();
                } catch (error) {
                  thrown = { error };
                }
                expect(thrown, 'decide did not throw').toBeDefined();
                if (check) expect(check(thrown!.error as E), `unexpected error: ${String(thrown!.error)}`).toBe(true);
              },
            };
          },
        };
      },
    };
  },
};
