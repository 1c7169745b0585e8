import type { AuditFinding, EventStore } from '@fe/platform';
import { rebuildStatusViews, viewDifferences } from '@fe/projection';
import { SqliteStatusStore, type StatusStore } from '@fe/invoice-status';

/**
 * The live status read model against a rebuild from the events, in memory: each differing field of each invoice is
 * a READ_MODEL_DIFFERS. A running service's projection may be a moment behind, so a difference is looked at again
 * after `settleMs` and only what remains, on a view no newer than the rebuild, is reported.
 */
export async function readModelFindings(
  store: EventStore,
  live: StatusStore | undefined,
  settleMs = 2000,
): Promise<AuditFinding[]> {
  if (!live) return [];
  try {
    return await compare(store, live, settleMs);
  } catch (error) {
    // An event the walk already reported unreadable stops the fold: say the comparison was not made.
    const reason = error instanceof Error ? error.message.slice(0, 200) : String(error);
    return [{ code: 'READ_MODEL_DIFFERS', subject: 'status', detail: `not compared: the rebuild failed (${reason})` }];
  }
}

async function compare(store: EventStore, live: StatusStore, settleMs: number): Promise<AuditFinding[]> {
  for (let pass = 1; ; pass++) {
    const rebuilt = new SqliteStatusStore(':memory:');
    try {
      const { position } = await rebuildStatusViews(store, rebuilt);
      const differences = viewDifferences(await live.all(), await rebuilt.all());
      if (differences.length === 0) return [];
      if (pass === 2) {
        const newer = new Set<string>();
        for (const id of new Set(differences.map((d) => d.invoiceId)))
          if (((await live.positionOf(id)) ?? 0n) > position) newer.add(id); // folded events the rebuild had not read
        return differences
          .filter((d) => !newer.has(d.invoiceId))
          .map((d) => ({
            code: 'READ_MODEL_DIFFERS',
            subject: d.invoiceId,
            detail: `${d.field}: live ${d.live}, rebuilt ${d.rebuilt}`,
          }));
      }
    } finally {
      await rebuilt.close();
    }
    await new Promise((resolve) => setTimeout(resolve, settleMs));
  }
}
