/**
 * Runs the calls given one key one after another, in call order; other keys run alongside. A failed call does not
 * stop the ones queued behind it. Used where a caller must not race itself: appends to one stream, numbers of one
 * range.
 */
export class KeyTurns {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key);
    const result = previous ? previous.then(work) : work();
    const tail = result.catch(() => {});
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
