import { createHash } from 'node:crypto';
import type { Address, Employment, ProfileField } from '../contract/vocabulary.ts';
import type { UserProfile } from './person.types.ts';

/** The public profile as the interface shows it: only enabled fields, and never an empty one. */
export interface PublicProfile {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  birthday?: string;
  address?: Partial<Record<keyof Address, string>>;
  employment?: Partial<Record<keyof Employment, string>>;
}

type TextField = 'first_name' | 'last_name' | 'email' | 'phone' | 'birthday';

/** In the order the profile lists them. */
const TEXT_FIELDS: readonly (readonly [TextField, (user: UserProfile) => string | null])[] = [
  ['first_name', (user) => user.firstName],
  ['last_name', (user) => user.lastName],
  ['email', (user) => user.email],
  ['phone', (user) => user.phone],
  ['birthday', (user) => user.birthday],
];

const isShown = (user: UserProfile, field: ProfileField) => user.publicFields.includes(field);

/** Worth showing: a string that is not blank. */
const isFilled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The filled parts of an address or employment; undefined when none is. */
function compact<T extends object>(value: T | null): Partial<Record<keyof T, string>> | undefined {
  if (!value) return undefined;
  let filled: Partial<Record<keyof T, string>> | undefined;
  for (const key of Object.keys(value) as (keyof T)[]) {
    const part = value[key];
    if (!isFilled(part)) continue;
    filled ??= {};
    filled[key] = part;
  }
  return filled;
}

/**
 * Plain loops rather than entries/fromEntries and closures made per call: this runs on every profile scan, where
 * the functional version was a visible share of the request.
 */
export function visibleProfile(user: UserProfile): PublicProfile {
  const profile: PublicProfile = {};
  for (const [field, read] of TEXT_FIELDS) {
    const value = read(user);
    if (isFilled(value) && isShown(user, field)) profile[field] = value;
  }
  const address = isShown(user, 'address') ? compact(user.address) : undefined;
  if (address) profile.address = address;
  const employment = isShown(user, 'employment') ? compact(user.employment) : undefined;
  if (employment) profile.employment = employment;
  return profile;
}

/**
 * What a hub sends its devices in place of a private profile's code (docs/sync.md, "Threat model"), and what a
 * device looks a scanned code up by when it holds no such code: a SHA-256 of it, marked `#` so it can never be a
 * code (codes are base62). A profile code is 12 random base62 characters (71 bits), so its hash cannot be turned back
 * into the code, and a kiosk that holds only hashes can still answer a scan of the real code. A key would add
 * nothing here: the kiosk would have to hold it to answer scans, so a stolen disk would give it away with the hashes.
 */
export function privateProfileCodeDigest(code: string): string {
  return `#${createHash('sha256').update(`arrivals profile code\n${code}`).digest('hex')}`;
}
