import type { RegistrationField } from '../../shared/api/types.ts';
import type { PublicProfile } from '../api.ts';

const CODE = /^[A-Za-z0-9]{1,64}$/;

/**
 * The profile code in what a scanner read: a bare code, or a URL whose path ends in `/p/{code}` (what a profile QR
 * code holds). Null for anything else.
 */
export function profileCodeFrom(scanned: string): string | null {
  const text = scanned.trim();
  if (CODE.test(text)) return text;
  let path: string;
  try {
    path = new URL(text).pathname;
  } catch {
    return null;
  }
  const match = /\/p\/([A-Za-z0-9]{1,64})\/?$/.exec(path);
  return match ? match[1]! : null;
}

/** Registration keys a public profile can answer, by the usual key names an event gives its fields. */
const PROFILE_ANSWERS: Record<string, (p: PublicProfile) => string | undefined> = {
  email: (p) => p.email,
  first_name: (p) => p.first_name,
  last_name: (p) => p.last_name,
  name: (p) => [p.first_name, p.last_name].filter(Boolean).join(' ') || undefined,
  full_name: (p) => [p.first_name, p.last_name].filter(Boolean).join(' ') || undefined,
  phone: (p) => p.phone,
  birthday: (p) => p.birthday,
  date_of_birth: (p) => p.birthday,
  company: (p) => p.employment?.company,
  organization: (p) => p.employment?.company,
  job_title: (p) => p.employment?.job_title,
  street: (p) => p.address?.street,
  city: (p) => p.address?.city,
  state: (p) => p.address?.state,
  postal_code: (p) => p.address?.postal_code,
  country: (p) => p.address?.country,
};

/** Registration answers prefilled from the fields a scanned profile shows. Select fields are never guessed. */
export function answersFromProfile(
  fields: readonly RegistrationField[],
  profile: PublicProfile,
): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const field of fields) {
    if (field.type === 'select') continue;
    const value = PROFILE_ANSWERS[field.key]?.(profile);
    if (value) answers[field.key] = value;
  }
  return answers;
}
