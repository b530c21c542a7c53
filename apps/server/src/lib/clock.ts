/** Time source for services, replaceable in unit tests. Milliseconds since the epoch. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };
