import { PROFILE_FIELDS } from '../../shared/api/vocabulary.ts';
import type { Person, PersonInput, ProfileField } from '../api/people.ts';

/** The person form as typed: every text a string (empty for none), the address and work flattened. */
export interface PersonDraft {
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  birthday: string;
  street: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  job_title: string;
  company: string;
  profile_public: boolean;
  public_fields: ProfileField[];
}

export const ADDRESS_KEYS = ['street', 'city', 'state', 'postal_code', 'country'] as const;
export const EMPLOYMENT_KEYS = ['job_title', 'company'] as const;

/** Where the server names a draft key's problem in a 422: nested keys for the address and employment. */
export function errorKey(key: keyof PersonDraft): string {
  if ((ADDRESS_KEYS as readonly string[]).includes(key)) return `address.${key}`;
  if ((EMPLOYMENT_KEYS as readonly string[]).includes(key)) return `employment.${key}`;
  return key;
}

/** A new person: private, with their name marked to show once the profile is made public. */
export function personDraft(person: Person | null): PersonDraft {
  return {
    email: person?.email ?? '',
    first_name: person?.first_name ?? '',
    last_name: person?.last_name ?? '',
    phone: person?.phone ?? '',
    birthday: person?.birthday ?? '',
    street: person?.address?.street ?? '',
    city: person?.address?.city ?? '',
    state: person?.address?.state ?? '',
    postal_code: person?.address?.postal_code ?? '',
    country: person?.address?.country ?? '',
    job_title: person?.employment?.job_title ?? '',
    company: person?.employment?.company ?? '',
    profile_public: person?.profile_public ?? false,
    public_fields: person?.public_fields ?? ['first_name', 'last_name'],
  };
}

const textOrNull = (value: string) => value.trim() || null;

/** Texts of a group, or null when every one is empty. */
function group<K extends string>(draft: Record<K, string>, keys: readonly K[]) {
  const values = Object.fromEntries(keys.map((key) => [key, textOrNull(draft[key])]));
  return Object.values(values).some((v) => v !== null) ? (values as Record<K, string | null>) : null;
}

export function personInput(draft: PersonDraft): PersonInput {
  return {
    email: draft.email.trim(),
    first_name: textOrNull(draft.first_name),
    last_name: textOrNull(draft.last_name),
    phone: textOrNull(draft.phone),
    birthday: textOrNull(draft.birthday),
    address: group(draft, ADDRESS_KEYS),
    employment: group(draft, EMPLOYMENT_KEYS),
    profile_public: draft.profile_public,
    // In the catalogue's order, whatever order they were ticked in.
    public_fields: PROFILE_FIELDS.filter((field) => draft.public_fields.includes(field)),
  };
}
