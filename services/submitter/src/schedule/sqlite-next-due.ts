import type { DatabaseSync, StatementSync } from 'node:sqlite';

/**
 * The earliest instant (ms) a row of a schedule table (`due_at`, `claimed_until`) can be due and unclaimed, as far as
 * one SQLite connection knows: read from the table when asked past it, lowered by each write through the connection.
 * Before it a nudged sweep would find nothing.
 */
export class SqliteNextDue {
  /** -Infinity: to be read. */
  private at = -Infinity;
  /** `at` came from a write since the last read: asked past it, no without a read (that row is likely due). */
  private lowered = false;
  private readonly bound: StatementSync;

  constructor(db: DatabaseSync, table: string) {
    // Both halves walk the due_at index: the next row not yet due, and the claims on the rows already due.
    this.bound = db.prepare(`SELECT
      (SELECT MIN(due_at) FROM ${table} WHERE due_at > ?) AS later,
      (SELECT MIN(COALESCE(claimed_until, due_at)) FROM ${table} WHERE due_at <= ?) AS claimed`);
  }

  /** A row written through the connection may be due and unclaimed from `at` on. */
  lower(at: number): void {
    if (at >= this.at) return;
    this.at = at;
    this.lowered = true;
  }

  nothingDueAt(now: Date): boolean {
    const at = now.getTime();
    if (at < this.at) return true;
    if (this.lowered) {
      this.lowered = false;
      return false;
    }
    try {
      const row = this.bound.get(at, at) as { later: number | null; claimed: number | null };
      this.at = Math.min(row.later ?? Infinity, row.claimed ?? Infinity);
    } catch {
      this.at = -Infinity; // not known: the sweep looks
    }
    return at < this.at;
  }
}
