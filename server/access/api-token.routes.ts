import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiTokenRecord } from '../platform/types.ts';
import { fieldMessage } from '../platform/field-errors.ts';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { staffOf } from './session-auth.http.ts';
import { errorResponses, messageBody } from '../platform/schemas.ts';
import { createTokenBody, tokenSchema } from './access.schemas.ts';
import { issueApiToken } from './api-token.service.ts';

const tags = ['Dashboard: API tokens'];

const presentToken = (token: ApiTokenRecord): z.input<typeof tokenSchema> => ({
  id: token.id,
  name: token.name,
  scopes: token.scopes,
  event_ids: token.eventIds,
  created_at: token.createdAt,
  last_used_at: token.lastUsedAt,
  expires_at: token.expiresAt,
});

/** Developers -> API Tokens: create (shown once), list, delete (effective on the next request). Owners only. */
export const tokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, clock } = app.ctx;

  app.get(
    '/tokens',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'API tokens: name, created, last used, expires',
        response: { 200: z.object({ data: z.array(tokenSchema) }), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      data: repos.apiTokens.listForOrganization(staffOf(request).organizationId).map(presentToken),
    }),
  );

  app.post(
    '/tokens',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Create a token; the secret is in this response only',
        body: createTokenBody,
        response: {
          201: z.object({ data: tokenSchema, token: z.string() }),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      const result = issueApiToken(repos, clock, {
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
        response: { 200: messageBody, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      if (!repos.apiTokens.deleteById(staffOf(request).organizationId, request.params.id)) {
        throw new HttpError(404, messages.tokenNotFound);
      }
      return { message: 'Token deleted.' };
    },
  );
};
