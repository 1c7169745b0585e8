import { invoiceStreamName, isConcurrencyError, KeyTurns, type EventStore } from '@fe/platform';
import type { Envelope } from '@fe/contracts';
import type { NumberingResolution } from '@fe/dian-domain';
import { ApiError } from '../http/api-error.ts';

/**
 * Highest number already used for a tenant and a resolution's prefix, as far as the source knows (it
 * may lag: the store arbitrates every append). `highestUsedInStore` asks the event store.
 */
export type UsedNumberHint = (tenantId: string, resolution: NumberingResolution) => Promise<bigint | undefined>;

export type NumberAllocatorOptions = {
  /**
   * How far ahead of the next consecutive an explicit number may be: 0 (the default) allows the
   * next consecutive itself and free numbers below it, never a jump that leaves a gap.
   */
  explicitNumberWindow?: number;
};

/**
 * Numbers invoices with the event store as the only arbiter: the stream is named after its number and created
 * with `no_stream`, so two requests can never both own a number, even from two processes. Within a process the
 * allocations of one tenant and prefix take turns: concurrent ones all tried the same next number and all but one
 * lost the race, and a number is still tried only once every lower one is known used (no gap after a kill).
 */
export class NumberAllocator {
  private readonly store: EventStore;
  private readonly hint: UsedNumberHint;
  private readonly highest = new Map<string, bigint>();
  private readonly window: bigint;
  private readonly turns = new KeyTurns();

  constructor(store: EventStore, hint: UsedNumberHint, options: NumberAllocatorOptions = {}) {
    this.store = store;
    this.hint = hint;
    this.window = BigInt(options.explicitNumberWindow ?? 0);
  }

  /**
   * Appends the first event of the invoice that gets a number. `firstEvent(number)` makes it
   * (the CUFE depends on the number). Returns the number used.
   */
  allocate(
    tenantId: string,
    resolution: NumberingResolution,
    explicit: string | undefined,
    firstEvent: (number: string) => Envelope,
  ): Promise<string> {
    const memoryKey = `${tenantId}\u0000${resolution.prefix}`;
    return this.turns.run(memoryKey, () => this.allocateInTurn(tenantId, resolution, explicit, firstEvent, memoryKey));
  }

  private async allocateInTurn(
    tenantId: string,
    resolution: NumberingResolution,
    explicit: string | undefined,
    firstEvent: (number: string) => Envelope,
    memoryKey: string,
  ): Promise<string> {
    if (explicit !== undefined) {
      await this.refuseGap(tenantId, resolution, BigInt(explicit), memoryKey);
      const taken = await this.tryAppend(tenantId, resolution, explicit, firstEvent);
      this.remember(memoryKey, BigInt(explicit));
      if (!taken)
        throw new ApiError('DUPLICATE_INVOICE_NUMBER', 'That number was already used by this tenant and prefix.', [
          { path: 'number', message: `${resolution.prefix}${BigInt(explicit)} already exists` },
        ]);
      return explicit;
    }
    const from = BigInt(resolution.from);
    const to = BigInt(resolution.to);
    const known = (await this.highestKnown(tenantId, resolution, memoryKey)) ?? from - 1n;
    for (let candidate = (known < from - 1n ? from - 1n : known) + 1n; candidate <= to; candidate++) {
      if (await this.tryAppend(tenantId, resolution, candidate.toString(), firstEvent)) {
        this.remember(memoryKey, candidate);
        return candidate.toString();
      }
      this.remember(memoryKey, candidate);
    }
    throw new ApiError('NUMBER_OUT_OF_RANGE', 'The numbering range is exhausted.', [
      { path: 'number', message: `every number up to ${resolution.to} for prefix "${resolution.prefix}" is used` },
    ]);
  }

  /**
   * Numbers a document several processes may try to number at once (a note and whoever finishes it after a crash):
   * all search upward from the same `after`, and `owns` recognises the document's own number, so it gets exactly one.
   */
  allocateOwned(
    tenantId: string,
    resolution: NumberingResolution,
    after: bigint,
    firstEvent: (number: string) => Envelope,
    owns: (first: Envelope) => boolean,
  ): Promise<Envelope> {
    const memoryKey = `${tenantId}\u0000${resolution.prefix}`;
    return this.turns.run(memoryKey, () =>
      this.allocateOwnedInTurn(tenantId, resolution, after, firstEvent, owns, memoryKey),
    );
  }

  private async allocateOwnedInTurn(
    tenantId: string,
    resolution: NumberingResolution,
    after: bigint,
    firstEvent: (number: string) => Envelope,
    owns: (first: Envelope) => boolean,
    memoryKey: string,
  ): Promise<Envelope> {
    for (let candidate = after + 1n; candidate <= BigInt(resolution.to); candidate++) {
      const event = firstEvent(candidate.toString());
      this.remember(memoryKey, candidate);
      if (await this.tryAppend(tenantId, resolution, candidate.toString(), () => event)) return event;
      const { events } = await this.store.read(invoiceStreamName(tenantId, `${resolution.prefix}${candidate}`));
      const first = events[0]?.envelope;
      if (first && owns(first)) return first;
    }
    throw new ApiError('NUMBER_OUT_OF_RANGE', 'The numbering range is exhausted.', [
      { path: 'number', message: `every number up to ${resolution.to} for prefix "${resolution.prefix}" is used` },
    ]);
  }

  /**
   * The highest number this process or the hint knows used for the prefix (the range start − 1 when none): a safe
   * `after` for allocateOwned.
   */
  async knownUsed(tenantId: string, resolution: NumberingResolution): Promise<bigint> {
    const known = await this.highestKnown(tenantId, resolution, `${tenantId}\u0000${resolution.prefix}`);
    const beforeRange = BigInt(resolution.from) - 1n;
    return known === undefined || known < beforeRange ? beforeRange : known;
  }

  /**
   * An explicit number is refused when it would leave a gap. Memory and the hint may lag the store, so a refusal is
   * confirmed by the store.
   */
  private async refuseGap(
    tenantId: string,
    resolution: NumberingResolution,
    number: bigint,
    memoryKey: string,
  ): Promise<void> {
    const lowestNeighbour = number - 1n - this.window;
    if (lowestNeighbour < BigInt(resolution.from)) return;
    const known = await this.highestKnown(tenantId, resolution, memoryKey);
    if (known !== undefined && known >= lowestNeighbour) return;
    for (let candidate = number - 1n; candidate >= lowestNeighbour; candidate--) {
      if (await this.isUsed(tenantId, resolution, candidate)) return;
    }
    const next = known === undefined || known < BigInt(resolution.from) ? BigInt(resolution.from) : known + 1n;
    throw new ApiError('NUMBER_NOT_CONSECUTIVE', 'The number would leave a gap in the consecutive numbering.', [
      {
        path: 'number',
        message: `the next consecutive for prefix "${resolution.prefix}" is ${next}; an explicit number may be at most ${this.window} ahead of it (omit number to get it)`,
      },
    ]);
  }

  private async highestKnown(
    tenantId: string,
    resolution: NumberingResolution,
    memoryKey: string,
  ): Promise<bigint | undefined> {
    return this.highest.get(memoryKey) ?? (await this.hint(tenantId, resolution));
  }

  private async isUsed(tenantId: string, resolution: NumberingResolution, number: bigint): Promise<boolean> {
    const { version } = await this.store.read(invoiceStreamName(tenantId, `${resolution.prefix}${number}`));
    return version !== 'no_stream';
  }

  private async tryAppend(
    tenantId: string,
    resolution: NumberingResolution,
    number: string,
    firstEvent: (number: string) => Envelope,
  ): Promise<boolean> {
    const event = firstEvent(number);
    try {
      await this.store.append(
        invoiceStreamName(tenantId, `${resolution.prefix}${BigInt(number)}`),
        [event],
        'no_stream',
      );
      return true;
    } catch (error) {
      if (isConcurrencyError(error)) return false;
      throw error;
    }
  }

  private remember(key: string, number: bigint): void {
    const current = this.highest.get(key);
    if (current === undefined || number > current) this.highest.set(key, number);
  }
}
