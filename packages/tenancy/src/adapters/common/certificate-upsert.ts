/**
 * The statement an upload writes its certificates row with, replacing the tenant's previous upload: one text for
 * both adapters, `placeholder(i)` writing the i-th parameter (`?` or `$i`). Parameters in order: tenant_id,
 * generation, sealed_p12, sealed_password, chain_pem, subject, not_after, stored_at.
 */
export function certificateUpsert(placeholder: (i: number) => string): string {
  const columns = [
    'tenant_id',
    'generation',
    'sealed_p12',
    'sealed_password',
    'chain_pem',
    'subject',
    'not_after',
    'stored_at',
  ];
  const values = columns.map((_, i) => placeholder(i + 1)).join(', ');
  const replaced = columns.slice(1).map((column) => `${column} = excluded.${column}`);
  return `INSERT INTO certificates (${columns.join(', ')}) VALUES (${values}) ON CONFLICT (tenant_id) DO UPDATE SET ${replaced.join(', ')}`;
}
