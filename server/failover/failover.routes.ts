import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentStaff } from '../access/access.presenters.ts';
import { sessionSchema } from '../access/access.schemas.ts';
import { setSessionCookie, staffOf } from '../access/session-auth.http.ts';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';
import { timestamp } from '../platform/schemas.ts';

const tags = ['Kiosk'];

export const venueServerSchema = z
  .object({
    role: z.enum(['hub', 'kiosk']),
    device_id: z
      .string()
      .nullable()
      .meta({ description: "A kiosk's device UUID on its hub; null for the hub" }),
    name: z.string(),
    origins: z.array(z.string()).meta({
      description: 'Where it serves the screens and the API (scheme, address, port), best first',
    }),
    events: z
      .array(z.string())
      .nullable()
      .meta({ description: 'The event UUIDs a kiosk serves; null for the hub (all of them)' }),
    last_seen_at: timestamp.nullable().meta({ description: 'When the hub last heard from this kiosk' }),
  })
  .meta({ id: 'VenueServer' });

const venueServersResponse = z.object({
  data: z.object({
    servers: z.array(venueServerSchema),
    roaming_key: z.string().nullable().meta({
      description:
        "The hub's Ed25519 public key (SPKI, base64) that its replicas check roaming sign-ins with",
    }),
  }),
});

/**
 * `GET /venue/servers` on every server: the venue's servers a page may carry on through when its own stops (docs/pages-that-move.md). Public, like the kiosk it serves: it lists what mDNS already tells the LAN.
 */
export const venueServerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { failover } = app.ctx;
  app.get(
    '/venue/servers',
    {
      schema: {
        tags,
        summary: "The venue's servers: the hub and each paired kiosk, where they serve, and their events",
        response: { 200: venueServersResponse },
      },
    },
    async function listVenueServers(_request, reply) {
      reply.header('Cache-Control', 'no-store');
      return { data: { servers: failover.servers(), roaming_key: failover.roamingKey() } };
    },
  );
};

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** `PUT /sync/origins` on a hub: a paired kiosk says where it serves, for the hub's list. */
export const deviceOriginRoutes: FastifyPluginAsyncZod = async (app) => {
  const { failover, syncHub } = app.ctx;

  const deviceOf = (request: FastifyRequest) => {
    const credential = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const device = credential ? syncHub.deviceOf(credential) : null;
    if (!device) throw new HttpError(401, messages.deviceNotPaired);
    return device;
  };

  app.put(
    '/sync/origins',
    {
      schema: {
        tags: ['Sync'],
        summary: 'A paired kiosk says where it serves its screens and API, for the venue list',
        description:
          "Needs the device's credential from pairing. Origins that are not `http(s)://host[:port]` are dropped.",
        security: [{ deviceCredential: [] }],
        body: z.object({ origins: z.array(z.string().max(200)).max(16) }),
        response: {
          200: z.object({ data: z.object({ origins: z.array(z.string()) }) }),
          ...refusals({ 401: [messages.deviceNotPaired] }),
        },
      },
    },
    async function recordKioskOrigins(request) {
      const device = deviceOf(request);
      return { data: { origins: failover.recordDeviceOrigins(device.uuid, request.body.origins) } };
    },
  );
};

/**
 * Roaming sign-in, under `/dashboard/api`: a desk signed in on the hub keeps a ticket for each kiosk's server and,
 * when the hub stops, moves to one and signs in there with it (`redeem`), without a password typed.
 */
export const roamingRoutes: FastifyPluginAsyncZod<{ issues: boolean }> = async (app, options) => {
  const { failover, organizations } = app.ctx;
  const sessionTags = ['Dashboard: session'];

  if (options.issues) {
    app.post(
      '/roaming/tickets',
      {
        schema: {
          tags: sessionTags,
          summary: "Tickets to carry this session on at each kiosk's server when the hub stops",
          description:
            'One per paired kiosk of the organization that said where it serves, each good once, on that kiosk ' +
            'only, for ten minutes.',
          response: {
            200: z.object({
              data: z.array(z.object({ server: z.string(), ticket: z.string(), expires_at: timestamp })),
            }),
          },
        },
      },
      async function issueRoamingTickets(request) {
        const tickets = failover.issueTickets(staffOf(request));
        return {
          data: tickets.map((t) => ({ server: t.server, ticket: t.ticket, expires_at: t.expiresAt })),
        };
      },
    );
  }

  app.post(
    '/roaming/redeem',
    {
      config: { access: 'public' },
      schema: {
        tags: sessionTags,
        summary: 'Sign in on this kiosk with a ticket the hub gave a desk before it stopped',
        body: z.object({ ticket: z.string().min(1).max(4096) }),
        response: { 200: sessionSchema, ...refusals({ 422: [messages.roamingTicketRefused] }) },
      },
    },
    async function redeemRoamingTicket(request, reply) {
      const outcome = failover.redeemTicket(request.body.ticket);
      if (!outcome.ok) {
        throw new ValidationError({ ticket: [messages.roamingTicketRefused] }, messages.roamingTicketRefused);
      }
      const account = outcome.staff;
      setSessionCookie(reply, app.ctx.staff.startSession(account));
      const organization = organizations.findOrganization(account.organizationId)!;
      return {
        data: {
          staff: presentStaff(account),
          organization: { id: organization.uuid, name: organization.name, slug: organization.slug },
        },
      };
    },
  );
};
