import type { Address, Employment, ProfileField } from '../../../../server/contract/vocabulary.ts';
import { request, segment } from '../../shared/api/client.ts';
import { DASHBOARD_API } from './session.ts';

/** People and their public profiles (server/routes/dashboard/people.ts), owners only. */

export { PROFILE_FIELDS } from '../../../../server/contract/vocabulary.ts';
export type { Address, Employment, ProfileField };

/** What an owner sets; empty texts and nulls clear a value. */
export interface PersonInput {
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  /** `YYYY-MM-DD`. */
  birthday: string | null;
  address: Address | null;
  employment: Employment | null;
  profile_public: boolean;
  public_fields: ProfileField[];
}

export interface Person extends PersonInput {
  id: string;
  /** The code in the profile's public address, `/p/{code}`. */
  profile_code: string;
  created_at: string;
  updated_at: string;
}

const usersPath = (rest = '') => `${DASHBOARD_API}/users${rest}`;

export const peopleApi = {
  list: (signal?: AbortSignal) =>
    request<{ data: Person[] }>('GET', usersPath(), { signal }).then((r) => r.data),

  get: (id: string, signal?: AbortSignal) =>
    request<{ data: Person }>('GET', usersPath(`/${segment(id)}`), { signal }).then((r) => r.data),

  create: (input: PersonInput) =>
    request<{ data: Person }>('POST', usersPath(), { body: input }).then((r) => r.data),

  update: (id: string, input: Partial<PersonInput>) =>
    request<{ data: Person }>('PATCH', usersPath(`/${segment(id)}`), { body: input }).then((r) => r.data),
};

/** The address a profile QR code holds: this server, as the dashboard reached it. */
export function profileUrl(person: Pick<Person, 'profile_code'>): string {
  return `${window.location.origin}/p/${segment(person.profile_code)}`;
}

export function personName(person: Pick<Person, 'first_name' | 'last_name'>): string {
  return [person.first_name, person.last_name].filter(Boolean).join(' ');
}
