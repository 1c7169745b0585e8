/**
 * Whether DIAN is down for an environment, as this process last saw it (docs/contingency.md); a composition root
 * fills it with @fe/dian-client's DianOutageMonitor. Absent: DIAN is never taken for down.
 *
 *   if (availability?.isDown(profile.environment)) … // the tenant's `automatic` contingency applies
 */
export type DianAvailability = { isDown(environment: '1' | '2'): boolean };
