/**
 * What a tenant's tacit acceptances (RADIAN 034, docs/radian.md) do once the buyer received the goods and three
 * Colombian business days passed without a claim or an express acceptance: 'automatic' issues it on the seller's
 * behalf; 'offer' (the default) shows that it is available, and the seller issues it (API, portal).
 */
export type TacitAcceptanceSetting = 'automatic' | 'offer';

export const tacitAcceptanceSettings: readonly TacitAcceptanceSetting[] = ['automatic', 'offer'];

export const isTacitAcceptanceSetting = (value: unknown): value is TacitAcceptanceSetting =>
  value === 'automatic' || value === 'offer';

/** The setting in force: the tenant's own, or 'offer'. */
export const tacitAcceptanceOf = (profile: {
  tacitAcceptance?: TacitAcceptanceSetting | undefined;
}): TacitAcceptanceSetting => profile.tacitAcceptance ?? 'offer';
