/**
 * How long a stored generation is believed without asking: each invoice asks for its tenant's certificate in four or
 * five places. As the profile's cache: another process's upload is served within it, this one's at once; "none
 * stored" is never believed, so a company's first upload is served at the next call.
 */
const GENERATION_CACHE_MS = 1000;

/** The certificate generation last read per tenant, believed for a second. */
export class BelievedGenerations {
  private readonly generations = new Map<string, { generation: number; readAt: number }>();

  /** The generation read less than a second ago; undefined: ask the store. */
  fresh(tenantId: string): number | undefined {
    const known = this.generations.get(tenantId);
    return known && Date.now() - known.readAt < GENERATION_CACHE_MS ? known.generation : undefined;
  }

  /**
   * What a read that started at `readAt` found (undefined: none stored) or an upload of this process wrote: an answer
   * older than the generation kept does not replace it.
   */
  learn(tenantId: string, generation: number | undefined, readAt: number): void {
    if (generation === undefined) this.generations.delete(tenantId);
    else if ((this.generations.get(tenantId)?.generation ?? 0) <= generation)
      this.generations.set(tenantId, { generation, readAt });
  }
}
