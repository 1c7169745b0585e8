import type { DeadLetterStore } from '@fe/platform';
import { instruments } from './instruments.ts';

/**
 * The dead-letter store with `fe.bus.dead_letters` counted on each letter kept (the bus keeps one
 * before its group moves past the message, once per death).
 */
export function countingDeadLetters<Store extends Pick<DeadLetterStore, 'keep'>>(store: Store): Store {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'keep') {
        return async (...args: Parameters<DeadLetterStore['keep']>) => {
          await target.keep(...args);
          instruments().deadLetters.add(1, { topic: args[0].topic, group: args[0].group });
        };
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
