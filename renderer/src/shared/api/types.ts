import type { Client, ClientPathsWithMethod, MethodResponse } from 'openapi-fetch';
import type { components, paths } from './schema.d.ts';

/**
 * Names for the parts of the server's HTTP interface the screens use, all taken from the generated schema.d.ts
 * (`npm run api:types`), never written out again here: a server change that breaks a screen fails typecheck.
 */

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A schema of the OpenAPI document by its name (components.schemas), as the server sends it. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The JSON an operation answers when it succeeds. */
export type Answer<Path extends ClientPathsWithMethod<Client<paths>, M>, M extends Method> = MethodResponse<
  Client<paths>,
  M,
  Path
>;

/** The JSON body an operation takes. */
export type RequestBody<Path extends keyof paths, M extends Method> = paths[Path][M] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The JSON of one of an operation's refusals, by status. */
export type Refusal<
  Path extends keyof paths,
  M extends Method,
  Status extends number,
> = paths[Path][M] extends {
  responses: { [S in Status]: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

/** One question of an event's registration form. */
export type RegistrationField = Schema<'RegistrationField'>;
/** A registration field with its French labels, as the events API and the kiosk's event carry it. */
export type LocalizedRegistrationField = Schema<'LocalizedRegistrationField'>;
export type FieldType = RegistrationField['type'];
export type SelectOption = NonNullable<RegistrationField['options']>[number];

export type AttendeeStatus = Schema<'DeskAttendee'>['status'];
export type CheckinPeriodType = Schema<'Event'>['checkin_period_type'];

/** Field name to messages, as a 422 carries them. */
export type FieldErrors = Schema<'FieldErrors'>;
