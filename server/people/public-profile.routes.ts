import cors from '@fastify/cors';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';
import { profileCodeParams, publicProfileSchema } from './person.schemas.ts';
import { visibleProfile } from './profile.rules.ts';

/**
 * Any origin may read every answer of this scope, refusals and 429s included (it runs before the route's limit): the
 * one header @fastify/cors gives a request that is not a preflight, set without the plugin's per-request work (two
 * copies of the route's options and a merge of its own, to find that the answer is always `*`).
 */
const allowAnyOrigin: onRequestHookHandler = function allowAnyOrigin(_request, reply, done) {
  reply.header('access-control-allow-origin', '*');
  done();
};

/**
 * `GET /public/profile/{code}`: what a scanned profile QR code shows. The only endpoint readable cross-origin,
 * so CORS lives in this plugin's scope alone: its header on every answer, and @fastify/cors's preflight route in a
 * scope of its own inside this one, where the plugin's hook meets the preflights only.
 */
export const publicProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { people } = app.ctx;
  app.addHook('onRequest', allowAnyOrigin);
  await app.register(async (preflight) => {
    await preflight.register(cors, { origin: '*', methods: ['GET'] });
  });

  app.get(
    '/:code',
    {
      schema: {
        tags: ['Public profiles'],
        summary: 'A public profile by its code',
        params: profileCodeParams,
        responseHeaders: {
          'Access-Control-Allow-Origin': {
            description: 'Any origin may read the answer (CORS), which needs no credentials.',
            required: true,
            schema: { type: 'string', const: '*' },
          },
        },
        response: {
          200: z.object({ data: publicProfileSchema }),
          ...refusals({ 403: [messages.profilePrivate], 404: [messages.profileNotFound] }),
        },
      },
    },
    async function showPublicProfile(request) {
      const person = people.findByProfileCode(request.params.code);
      if (!person) throw new HttpError(404, messages.profileNotFound);
      if (!person.profilePublic) throw new HttpError(403, messages.profilePrivate);
      return { data: visibleProfile(person) };
    },
  );
};
