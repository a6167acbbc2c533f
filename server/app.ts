import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiTokenRoutes } from './access/api-token.routes.ts';
import { apiTokenService } from './access/api-token.service.ts';
import { staffCaller, tokenCaller } from './access/caller.http.ts';
import { DEFAULT_RATE_LIMITS, registerRateLimits, type RateLimits } from './access/rate-limits.ts';
import { registerSessionAuthentication } from './access/session-auth.http.ts';
import { sessionRoutes } from './access/session.routes.ts';
import { staffRoutes } from './access/staff.routes.ts';
import { staffService } from './access/staff.service.ts';
import { registerTokenAuthentication } from './access/token-auth.http.ts';
import { attendeeActionRoutes, tokenAttendeeRoutes } from './attendees/attendee.routes.ts';
import { attendeeService } from './attendees/attendee.service.ts';
import { bulkNoShowService } from './attendees/bulk-no-show.service.ts';
import { deskRoutes } from './attendees/desk.routes.ts';
import { kioskAttendeeRoutes } from './attendees/kiosk-attendee.routes.ts';
import { publicAttendeeRoutes } from './attendees/public-attendee.routes.ts';
import { registrationService } from './attendees/registration.service.ts';
import type { AppContext } from './context.ts';
import { eventRoutes } from './events/event.routes.ts';
import { eventService } from './events/event.service.ts';
import { publicEventRoutes } from './events/public-event.routes.ts';
import { registerKioskAccess } from './kiosk/kiosk-access.http.ts';
import { DEFAULT_KIOSK_DIR, kioskStaticRoutes } from './kiosk/static.routes.ts';
import { publicOrganizationRoutes } from './kiosk/start-page.routes.ts';
import { organizationRoutes } from './organizations/organization.routes.ts';
import { organizationService } from './organizations/organization.service.ts';
import { personRoutes } from './people/person.routes.ts';
import { personService } from './people/person.service.ts';
import { profilePageRoutes } from './people/profile-page.routes.ts';
import { publicProfileRoutes } from './people/public-profile.routes.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { openDatabase } from './platform/database.ts';
import { earlyErrorOptions, registerErrorHandling } from './platform/errors.ts';
import { registerJsonBodyParser } from './platform/json-body.ts';
import { registerApiDocs } from './platform/openapi.ts';
import { responseSerializerCompiler } from './platform/serializer.ts';
import { zodValidatorCompiler } from './platform/validation.ts';
import type { SatelliteOptions } from './satellite/satellite-app.ts';
import { satelliteStatusRoutes } from './satellite/status.routes.ts';
import { createStore } from './store.ts';
import { rootJournal } from './sync/journal.ts';
import {
  DEFAULT_WEBHOOK_DISPATCH,
  webhookDispatcher,
  type WebhookDispatchOptions,
} from './webhooks/dispatcher.service.ts';
import { webhookEndpointService } from './webhooks/endpoint.service.ts';
import { webhookNotifier } from './webhooks/notifier.ts';
import { webhookOutbox } from './webhooks/outbox.service.ts';
import { webhookRoutes } from './webhooks/webhook.routes.ts';

/** The largest request body taken, in bytes (413 above it): 10,000 UUIDs in a bulk no-show are ~380 KiB. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  /** Where the SQLite database lives; created when missing. */
  dataDir: string;
  clock?: Clock;
  rateLimits?: Partial<RateLimits>;
  logger?: FastifyServerOptions['logger'];
  /** Fastify's trustProxy: only with a proxy in front may X-Forwarded-For name the client. Off by default. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** The built kiosk screens (electron-vite's out/renderer) served at `/`; false serves none. */
  kioskDir?: string | false;
  /** How the webhook outbox is sent; tests turn `autoDispatch` off and call `ctx.webhookDispatcher.dispatchDue()`. */
  webhooks?: Partial<WebhookDispatchOptions>;
  /** A satellite kiosk: no database of its own, every API call forwarded to this hub (satellite/satellite-app.ts). */
  satellite?: SatelliteOptions;
  /**
   * better-sqlite3's compiled addon to load instead of the one in node_modules. The desktop shell passes the copy
   * built for Electron's ABI (electron/README.md); Node, the CLI and the tests use the default.
   */
  nativeBinding?: string;
  /** Fail any response whose body strays from its declared schema (platform/serializer.ts); the tests turn it on. */
  checkResponseShapes?: boolean;
}

/**
 * Builds the whole API over the database in `dataDir`. It never listens: the CLI's `serve`, the desktop shell and
 * the tests each decide that (tests use `app.inject()`).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  if (options.satellite) {
    // Loaded only here: its proxy (@fastify/reply-from and undici, a quarter of the files a start reads) is of no
    // use to a hub, and every start would pay for it.
    const { buildSatelliteApp } = await import('./satellite/satellite-app.ts');
    return buildSatelliteApp({ ...options, satellite: options.satellite });
  }
  const clock = options.clock ?? systemClock;
  const openStore = () => openDatabase(options.dataDir, { nativeBinding: options.nativeBinding });
  const store = createStore(openStore(), clock);
  // The dispatcher writes through a connection of its own (see webhooks/dispatcher.service.ts).
  const dispatcher = webhookDispatcher(openStore(), clock, {
    ...DEFAULT_WEBHOOK_DISPATCH,
    ...options.webhooks,
  });
  const outbox = webhookOutbox(store.repos, clock, dispatcher.wake);
  const notify = webhookNotifier(outbox);
  const journal = rootJournal;
  const ctx: AppContext = {
    clock,
    organizations: organizationService(store),
    events: eventService(store, notify),
    registrations: registrationService(store, notify, journal),
    attendees: attendeeService(store, notify, journal),
    bulkNoShow: bulkNoShowService(store, notify),
    people: personService(store),
    tokens: apiTokenService(store),
    staff: staffService(store),
    webhooks: webhookEndpointService(store, outbox),
    webhookDispatcher: dispatcher,
  };

  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    ...earlyErrorOptions,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(
    responseSerializerCompiler({ checkShapes: options.checkResponseShapes ?? false }),
  );
  app.decorate('ctx', ctx);
  app.decorate('store', store);
  app.addHook('onClose', async () => store.db.close());
  app.addHook('onClose', async () => dispatcher.stop());
  app.addHook('onReady', async () => dispatcher.start(app.log));

  registerErrorHandling(app);
  registerJsonBodyParser(app);
  await registerRateLimits(app, { ...DEFAULT_RATE_LIMITS, ...options.rateLimits }, clock);
  await registerApiDocs(app);

  // Public: no credentials; rate limits by path (access/rate-limits.ts).
  await app.register(publicEventRoutes);
  await app.register(publicAttendeeRoutes);
  // Under its own prefix: its CORS preflight route must not answer for any other path.
  await app.register(publicProfileRoutes, { prefix: '/public/profile' });
  await app.register(profilePageRoutes);
  await app.register(publicOrganizationRoutes);
  await app.register(satelliteStatusRoutes, { probe: null });
  // The kiosk's own endpoints: whoever `kioskAccess` admits (today any browser on the LAN); rate limits by path.
  await app.register(async (kiosk) => {
    registerKioskAccess(kiosk);
    await kiosk.register(kioskAttendeeRoutes);
  });
  if (options.kioskDir !== false) {
    await app.register(kioskStaticRoutes, { root: options.kioskDir ?? DEFAULT_KIOSK_DIR });
  }

  // The staff dashboard's API, under `/dashboard/api`, authenticated by a session cookie.
  await app.register(
    async (dashboard) => {
      registerSessionAuthentication(dashboard);
      await dashboard.register(sessionRoutes);
      await dashboard.register(staffRoutes);
      await dashboard.register(eventRoutes(staffCaller));
      await dashboard.register(deskRoutes);
      await dashboard.register(attendeeActionRoutes(staffCaller));
      await dashboard.register(personRoutes(staffCaller, { readable: true }));
      await dashboard.register(apiTokenRoutes);
      await dashboard.register(webhookRoutes(staffCaller));
    },
    { prefix: '/dashboard/api' },
  );

  // The token API under `/api`: `Authorization: Bearer <token>`, rate-limited per token.
  await app.register(async (api) => {
    registerTokenAuthentication(api);
    await api.register(organizationRoutes);
    await api.register(eventRoutes(tokenCaller));
    await api.register(tokenAttendeeRoutes);
    await api.register(attendeeActionRoutes(tokenCaller));
    await api.register(personRoutes(tokenCaller, { readable: false }));
    await api.register(webhookRoutes(tokenCaller));
  });

  return app;
}
