import type { Address, Employment, ProfileField, UserProfile } from './types.ts';

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

function compact<T extends object>(value: T | null): Partial<Record<keyof T, string>> | undefined {
  if (!value) return undefined;
  const entries = Object.entries(value).filter(([, v]) => typeof v === 'string' && v.trim() !== '');
  return entries.length > 0 ? (Object.fromEntries(entries) as Partial<Record<keyof T, string>>) : undefined;
}

export function visibleProfile(user: UserProfile): PublicProfile {
  const shown = new Set<ProfileField>(user.publicFields);
  const text = (field: ProfileField, value: string | null) =>
    shown.has(field) && value && value.trim() !== '' ? value : undefined;
  const profile: PublicProfile = {
    first_name: text('first_name', user.firstName),
    last_name: text('last_name', user.lastName),
    email: text('email', user.email),
    phone: text('phone', user.phone),
    birthday: text('birthday', user.birthday),
    address: shown.has('address') ? compact(user.address) : undefined,
    employment: shown.has('employment') ? compact(user.employment) : undefined,
  };
  return Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined)) as PublicProfile;
}
