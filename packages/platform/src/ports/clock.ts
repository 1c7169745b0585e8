/** Time as a dependency, so decisions are pure and tests control it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
