/**
 * When a tenant's invoices are issued as contingency invoices, type 04 (docs/contingency.md): 'off' (the default)
 * never, they wait for DIAN; 'automatic' while DIAN's outage is detected; 'on' always, until switched back (a
 * contingency DIAN announces).
 */
export type ContingencySetting = 'off' | 'automatic' | 'on';

export const isContingencySetting = (value: unknown): value is ContingencySetting =>
  value === 'off' || value === 'automatic' || value === 'on';

/** The setting in force: the tenant's own, or 'off'. */
export const contingencyOf = (profile: { contingency?: ContingencySetting | undefined }): ContingencySetting =>
  profile.contingency ?? 'off';
