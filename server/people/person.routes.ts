import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldMessage } from '../platform/field-errors.ts';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { tokenOf } from '../access/token-auth.http.ts';
import type { SaveUserResult } from './person.repository.ts';
import { errorResponses, uuidParam } from '../platform/schemas.ts';
import { createUserBody, presentUser, updateUserBody, userSchema } from './person.schemas.ts';

const tags = ['Users'];

/** The saved user as a response body, or the 422 for a taken email. */
export function savedUser(result: SaveUserResult) {
  if (!result.ok) throw new ValidationError({ email: [fieldMessage.taken('email')] });
  return { data: presentUser(result.user) };
}

/** User accounts and their public profiles (what a profile QR code shows). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, users } = app.ctx;

  app.post(
    '/api/users',
    {
      config: { scope: 'users:write' },
      schema: {
        tags,
        summary: 'Create a user account with its public profile settings',
        body: createUserBody,
        response: { 201: z.object({ data: userSchema }), ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const token = tokenOf(request);
      const body = savedUser(users.create(token.organizationId, request.body));
      reply.code(201);
      return body;
    },
  );

  app.patch(
    '/api/users/:id',
    {
      config: { scope: 'users:write' },
      schema: {
        tags,
        summary: 'Edit a user (only the keys sent change)',
        params: z.object({ id: uuidParam('User UUID') }),
        body: updateUserBody,
        response: { 200: z.object({ data: userSchema }), ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => {
      const user = repos.users.findInOrganization(tokenOf(request).organizationId, request.params.id);
      if (!user) throw new HttpError(404, messages.userNotFound);
      return savedUser(users.update(user, request.body));
    },
  );
};
