import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tokenOf } from '../access/token-auth.http.ts';
import { timestamp } from '../platform/schemas.ts';

export const organizationSchema = z
  .object({ id: z.string(), name: z.string(), slug: z.string(), created_at: timestamp })
  .meta({ id: 'Organization' });

/** `GET /api/organization`: whose token this is. Any valid token may ask. */
export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { organizations } = app.ctx;

  app.get(
    '/api/organization',
    {
      schema: {
        tags: ['Organization'],
        summary: "The token's organization",
        response: { 200: z.object({ data: organizationSchema }) },
      },
    },
    async function showTokenOrganization(request) {
      const organization = organizations.findOrganization(tokenOf(request).organizationId)!;
      return {
        data: {
          id: organization.uuid,
          name: organization.name,
          slug: organization.slug,
          created_at: organization.createdAt,
        },
      };
    },
  );
};
