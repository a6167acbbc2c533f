import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** Swagger UI's pages, scripts and logo, as @fastify/swagger-ui ships them. */
const SWAGGER_UI_FILES = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')),
  'static',
);

/**
 * Swagger UI loads its scripts and styles from its own files, the logo as a data: URL, and the document from here;
 * it also writes style attributes into its markup, which only 'unsafe-inline' lets apply (styles cannot run code).
 */
const SWAGGER_UI_POLICY = {
  'default-src': "'self'",
  'script-src': "'self'",
  'script-src-attr': "'none'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

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
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list' },
    // The plugin's own page files, named here rather than found beside its code, so that it also works bundled
    // into out/server (bin/server-bundle.mjs), where its code no longer sits beside them. Given a baseDir, the
    // plugin also serves those files at /docs/<name>.
    baseDir: SWAGGER_UI_FILES,
    logo: { type: 'image/svg+xml', content: fs.readFileSync(path.join(SWAGGER_UI_FILES, 'logo.svg')) },
    // The plugin's own policy for its pages and files, written out rather than its default (`staticCSP: true`),
    // which allows framing by the same origin, images from validator.swagger.io, styles and fonts from any https
    // site, and upgrades requests to https, which a server on the venue LAN does not speak.
    staticCSP: SWAGGER_UI_POLICY,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async function showOpenApiDocument() {
    return app.swagger();
  });
}
