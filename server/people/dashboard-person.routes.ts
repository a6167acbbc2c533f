import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserRecord } from '../platform/types.ts';
import { HttpError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { staffOf } from '../access/session-auth.http.ts';
import { errorResponses, uuidParam } from '../platform/schemas.ts';
import { createUserBody, presentUser, updateUserBody, userSchema } from './person.schemas.ts';
import { savedUser } from './person.routes.ts';

const tags = ['Dashboard: people'];

/** People and their public profiles (owners). The same operations as the token API's users. */
export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, users } = app.ctx;

  app.get(
    '/users',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'People of the organization',
        response: { 200: z.object({ data: z.array(userSchema) }), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      data: repos.users.listForOrganization(staffOf(request).organizationId).map(presentUser),
    }),
  );

  app.post(
    '/users',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Add a person',
        body: createUserBody,
        response: { 201: z.object({ data: userSchema }), ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const body = savedUser(users.create(staffOf(request).organizationId, request.body));
      reply.code(201);
      return body;
    },
  );

  /** A person of the organization, or the interface's 404 for anyone else's. */
  function personOf(request: FastifyRequest, id: string): UserRecord {
    const user = repos.users.findInOrganization(staffOf(request).organizationId, id);
    if (!user) throw new HttpError(404, messages.userNotFound);
    return user;
  }

  app.get(
    '/users/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'A person and their public profile',
        params: z.object({ id: uuidParam('User UUID') }),
        response: { 200: z.object({ data: userSchema }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: presentUser(personOf(request, request.params.id)) }),
  );

  app.patch(
    '/users/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Edit a person and their public profile',
        params: z.object({ id: uuidParam('User UUID') }),
        body: updateUserBody,
        response: { 200: z.object({ data: userSchema }), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => savedUser(users.update(personOf(request, request.params.id), request.body)),
  );
};
