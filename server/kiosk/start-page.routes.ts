import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventRecord } from '../platform/types.ts';
import { HttpError } from '../platform/errors.ts';
import { errorResponses } from '../platform/schemas.ts';

/** Not fixed by the interface document; kept here until server/http/messages.ts takes it in. */
export const ORGANIZATION_NOT_FOUND = 'Organization not found.';

const tags = ['Public organizations'];

const organizationSummary = z
  .object({ name: z.string(), slug: z.string() })
  .meta({ id: 'PublicOrganization' });

const eventSummary = z
  .object({
    id: z.string().meta({ description: 'Event UUID' }),
    name: z.string(),
    description: z.string(),
    starts_at: z.string().nullable().meta({ format: 'date-time' }),
    ends_at: z.string().nullable().meta({ format: 'date-time' }),
    location: z.string().nullable(),
  })
  .meta({ id: 'PublicEventSummary' });

const presentEventSummary = (event: EventRecord): z.input<typeof eventSummary> => ({
  id: event.uuid,
  name: event.name,
  description: event.description,
  starts_at: event.startsAt,
  ends_at: event.endsAt,
  location: event.location,
});

/**
 * What a kiosk's start page lists for staff to pick from: the organizations on this server that have published
 * events, and those events. Published events are public already (`GET /public/events/{uuid}`); this only lists them.
 */
export const publicOrganizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app.ctx;
  app.addHook('onRequest', app.limiterFor('publicEvents'));

  const publishedEvents = (organizationId: number) =>
    repos.events.listForOrganization(organizationId, { publishedOnly: true });

  app.get(
    '/public/organizations',
    {
      schema: {
        tags,
        summary: 'Organizations with published events',
        response: { 200: z.object({ data: z.array(organizationSummary) }), ...errorResponses(429) },
      },
    },
    async () => ({
      data: repos.organizations
        .list()
        .filter((organization) => publishedEvents(organization.id).length > 0)
        .map(({ name, slug }) => ({ name, slug })),
    }),
  );

  app.get(
    '/public/organizations/:slug/events',
    {
      schema: {
        tags,
        summary: "An organization's published events, soonest first",
        params: z.object({ slug: z.string().max(100) }),
        response: { 200: z.object({ data: z.array(eventSummary) }), ...errorResponses(404, 429) },
      },
    },
    async (request) => {
      const organization = repos.organizations.findBySlug(request.params.slug);
      if (!organization) throw new HttpError(404, ORGANIZATION_NOT_FOUND);
      return { data: publishedEvents(organization.id).map(presentEventSummary) };
    },
  );
};
