import cors from '@fastify/cors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';
import { profileCodeParams, publicProfileSchema } from './person.schemas.ts';
import { visibleProfile } from './profile.rules.ts';

/**
 * `GET /public/profile/{code}`: what a scanned profile QR code shows. The only endpoint readable cross-origin,
 * so @fastify/cors lives in this plugin's scope alone (its preflight route included).
 */
export const publicProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { people } = app.ctx;
  await app.register(cors, { origin: '*', methods: ['GET'] });

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
