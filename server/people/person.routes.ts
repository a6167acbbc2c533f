import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wholeOrganizationOf, type Caller } from '../access/caller.http.ts';
import { fieldMessage } from '../platform/field-errors.ts';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';
import { uuidParam } from '../platform/schemas.ts';
import type { SaveUserResult } from './person.types.ts';
import { presentUser } from './person.presenters.ts';
import { createUserBody, updateUserBody, userSchema } from './person.schemas.ts';

const personParams = z.object({ id: uuidParam('User UUID') });
const personBody = z.object({ data: userSchema });

/** The saved person as a response body, or the 422 for a taken email. */
function savedPerson(result: SaveUserResult) {
  if (!result.ok) throw new ValidationError({ email: [fieldMessage.taken('email')] });
  return { data: presentUser(result.user) };
}

export interface PersonRoutesOptions {
  /** Whether the caller may also list people and read one (the dashboard); the token API only writes. */
  readable: boolean;
}

/**
 * People (users) and their public profiles, the same operations for the token API (`POST /api/users`,
 * `PATCH /api/users/{id}`) and the dashboard's owners, who also list and read them. People belong to the whole
 * organization, so a token restricted to some events may not touch them (403 `Access denied.`).
 */
export function personRoutes(caller: Caller, options: PersonRoutesOptions): FastifyPluginAsyncZod {
  const tags = [caller.tag('Users')];
  const config = caller.access({ scope: 'users:write', role: 'owner' });
  const base = `${caller.basePath}/users`;
  /** What `personOf` refuses. */
  const personRefusals = [caller.organizationRefusals, { 404: [messages.userNotFound] }] as const;

  return async (app) => {
    const { people } = app.ctx;

    /** A person of the caller's organization, or the interface's 404 for anyone else's. */
    function personOf(request: Parameters<Caller['organizationOf']>[0], uuid: string) {
      const person = people.findPerson(wholeOrganizationOf(caller, request), uuid);
      if (!person) throw new HttpError(404, messages.userNotFound);
      return person;
    }

    if (options.readable) {
      app.get(
        base,
        {
          config,
          schema: {
            tags,
            summary: 'People of the organization',
            response: {
              200: z.object({ data: z.array(userSchema) }),
              ...refusals(caller.organizationRefusals),
            },
          },
        },
        async function listPeople(request) {
          return { data: people.listPeople(wholeOrganizationOf(caller, request)).map(presentUser) };
        },
      );

      app.get(
        `${base}/:id`,
        {
          config,
          schema: {
            tags,
            summary: 'A person and their public profile',
            params: personParams,
            response: { 200: personBody, ...refusals(...personRefusals) },
          },
        },
        async function showPerson(request) {
          return { data: presentUser(personOf(request, request.params.id)) };
        },
      );
    }

    app.post(
      base,
      {
        config,
        schema: {
          tags,
          summary: 'Create a person (user account) with its public profile settings',
          body: createUserBody,
          response: { 201: personBody, ...refusals(caller.organizationRefusals) },
        },
      },
      async function createPerson(request, reply) {
        const body = savedPerson(people.createPerson(wholeOrganizationOf(caller, request), request.body));
        reply.code(201);
        return body;
      },
    );

    app.patch(
      `${base}/:id`,
      {
        config,
        schema: {
          tags,
          summary: 'Edit a person and their public profile (only the keys sent change)',
          params: personParams,
          body: updateUserBody,
          response: { 200: personBody, ...refusals(...personRefusals) },
        },
      },
      async function editPerson(request) {
        return savedPerson(people.updatePerson(personOf(request, request.params.id), request.body));
      },
    );
  };
}
