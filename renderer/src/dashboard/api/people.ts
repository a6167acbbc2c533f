import { answer, api } from '../../shared/api/client.ts';
import type { RequestBody, Schema } from '../../shared/api/types.ts';

/** People and their public profiles (server/people/person.routes.ts), owners only. */

export { PROFILE_FIELDS } from '../../shared/api/vocabulary.ts';

/** A person as the server keeps them; `profile_code` is the code in the profile's public address, `/p/{code}`. */
export type Person = Schema<'User'>;
export type Address = NonNullable<Person['address']>;
export type Employment = NonNullable<Person['employment']>;
export type ProfileField = Person['public_fields'][number];

/** What an owner sets, every field of it (the form holds them all); empty texts and nulls clear a value. */
export type PersonInput = Required<RequestBody<'/dashboard/api/users', 'post'>>;
export type PersonChanges = RequestBody<'/dashboard/api/users/{id}', 'patch'>;

const person = (id: string) => ({ params: { path: { id } } });

export const peopleApi = {
  list: (signal?: AbortSignal) => answer(api.GET('/dashboard/api/users', { signal })).then((r) => r.data),

  get: (id: string, signal?: AbortSignal) =>
    answer(api.GET('/dashboard/api/users/{id}', { ...person(id), signal })).then((r) => r.data),

  create: (input: PersonInput) =>
    answer(api.POST('/dashboard/api/users', { body: input })).then((r) => r.data),

  update: (id: string, changes: PersonChanges) =>
    answer(api.PATCH('/dashboard/api/users/{id}', { ...person(id), body: changes })).then((r) => r.data),
};

/** The address a profile QR code holds: this server, at an origin other devices reach (`useReachableOrigin`). */
export function profileUrl(person: Pick<Person, 'profile_code'>, origin: string): string {
  return `${origin}/p/${encodeURIComponent(person.profile_code)}`;
}

export function personName(person: Pick<Person, 'first_name' | 'last_name'>): string {
  return [person.first_name, person.last_name].filter(Boolean).join(' ');
}
