import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldMessage } from '../platform/field-errors.ts';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';
import { messageBody } from '../platform/schemas.ts';
import { presentToken } from './access.presenters.ts';
import { createTokenBody, tokenSchema } from './access.schemas.ts';
import { staffOf } from './session-auth.http.ts';

const tags = ['Dashboard: API tokens'];

/** Developers -> API Tokens: create (shown once), list, delete (effective on the next request). Owners only. */
export const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tokens } = app.ctx;

  app.get(
    '/tokens',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'API tokens: name, created, last used, expires',
        response: { 200: z.object({ data: z.array(tokenSchema) }) },
      },
    },
    async function listApiTokens(request) {
      return { data: tokens.listApiTokens(staffOf(request).organizationId).map(presentToken) };
    },
  );

  app.post(
    '/tokens',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Create a token; the secret is in this response only',
        body: createTokenBody,
        response: { 201: z.object({ data: tokenSchema, token: z.string() }) },
      },
    },
    async function createApiToken(request, reply) {
      const result = tokens.issueApiToken({
        organizationId: staffOf(request).organizationId,
        name: request.body.name,
        expires: request.body.expires,
        scopes: request.body.scopes,
        eventIds: request.body.event_ids,
      });
      if (!result.ok) {
        throw new ValidationError(
          result.reason === 'name_taken'
            ? { name: [fieldMessage.taken('name')] }
            : { event_ids: [fieldMessage.selected('event_ids')] },
        );
      }
      reply.code(201);
      return { data: presentToken(result.record), token: result.token };
    },
  );

  app.delete(
    '/tokens/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Delete a token; it fails from the next request on',
        params: z.object({ id: z.coerce.number().int().min(1) }),
        response: { 200: messageBody, ...refusals({ 404: [messages.tokenNotFound] }) },
      },
    },
    async function deleteApiToken(request) {
      if (!tokens.deleteApiToken(staffOf(request).organizationId, request.params.id)) {
        throw new HttpError(404, messages.tokenNotFound);
      }
      return { message: 'Token deleted.' };
    },
  );
};
