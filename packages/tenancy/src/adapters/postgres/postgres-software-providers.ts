import type { Queryable } from '@fe/platform-postgres';

const KEPT_MS = 60_000; // a provider's name changes rarely; one read a minute per tenant, not one per PDF

/**
 * Each tenant's software provider's name, from the registration's public part: no sealed field is read, so no
 * master key is needed (the renderer prints the name on the PDF and holds no tenant secret).
 */
export class PostgresSoftwareProviders {
  private readonly kept = new Map<string, { name: string | undefined; until: number }>();
  private readonly db: Queryable;
  private readonly now: () => number;

  constructor(db: Queryable, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  async profile(tenantId: string): Promise<{ software: { providerName: string } } | undefined> {
    let entry = this.kept.get(tenantId);
    if (!entry || entry.until <= this.now()) {
      const { rows } = await this.db.query<{ software: { providerName?: unknown } }>(
        'SELECT software FROM tenants WHERE id = $1',
        [tenantId],
      );
      const name = rows[0]?.software.providerName;
      entry = { name: typeof name === 'string' && name !== '' ? name : undefined, until: this.now() + KEPT_MS };
      this.kept.set(tenantId, entry);
    }
    return entry.name === undefined ? undefined : { software: { providerName: entry.name } };
  }
}
