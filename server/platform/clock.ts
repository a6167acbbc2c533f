/** Where the app reads the time. Tests pass a fixed or steppable clock through `buildApp({ clock })`. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
