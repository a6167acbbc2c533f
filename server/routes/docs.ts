import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI 3.1 document, generated from the routes' zod schemas, at `/openapi.json`, and a reference page at
 * `/docs`. Registered before the routes so that it sees every one of them.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Arrivals event API',
        version: '1.0.0',
        description:
          'Event registration, check-in and public profiles. Public endpoints need no credentials; `/api/*` ' +
          'needs `Authorization: Bearer <API_TOKEN>`.',
      },
      components: {
        securitySchemes: {
          apiToken: { type: 'http', scheme: 'bearer', description: 'An Arrivals API token' },
        },
      },
    },
    transform: (document) => {
      const result = jsonSchemaTransform(document);
      if (document.url.startsWith('/api/')) {
        return { ...result, schema: { ...result.schema, security: [{ apiToken: [] }] } };
      }
      return result;
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
