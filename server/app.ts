import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './platform/clock.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './platform/database.ts';
import { earlyErrorOptions, registerErrorHandling } from './platform/errors.ts';
import { registerJsonBodyParser } from './platform/json-body.ts';
import { responseSerializerCompiler } from './platform/serializer.ts';
import { DEFAULT_RATE_LIMITS, registerRateLimits, type RateLimits } from './access/rate-limits.ts';
import { registerTokenAuthentication } from './access/token-auth.http.ts';
import { zodValidatorCompiler } from './platform/validation.ts';
import { createRepositories } from './store.ts';
import { attendeeRoutes } from './attendees/attendee.routes.ts';
import { dashboardApi } from './dashboard-api.ts';
import { registerApiDocs } from './platform/openapi.ts';
import { eventRoutes } from './events/event.routes.ts';
import { DEFAULT_KIOSK_DIR, kioskStaticRoutes } from './kiosk/static.routes.ts';
import { organizationRoutes } from './organizations/organization.routes.ts';
import { profilePageRoutes } from './people/profile-page.routes.ts';
import { publicOrganizationRoutes } from './kiosk/start-page.routes.ts';
import { publicEventRoutes } from './attendees/public-attendee.routes.ts';
import { publicProfileRoutes } from './people/public-profile.routes.ts';
import { satelliteStatusRoutes } from './satellite/status.routes.ts';
import { userRoutes } from './people/person.routes.ts';
import type { SatelliteOptions } from './satellite/satellite-app.ts';
import { tokenWebhookRoutes } from './webhooks/webhook.routes.ts';
import { attendeeService } from './attendees/attendee.service.ts';
import { eventService } from './events/event.service.ts';
import { userService } from './people/person.service.ts';
import {
  DEFAULT_WEBHOOK_DISPATCH,
  webhookDispatcher,
  type WebhookDispatchOptions,
} from './webhooks/dispatcher.service.ts';
import { webhookOutbox, webhookService } from './webhooks/webhook.service.ts';

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
  /** A satellite kiosk: no database of its own, every API call forwarded to this hub (satellite-app.ts). */
  satellite?: SatelliteOptions;
  /**
   * better-sqlite3's compiled addon to load instead of the one in node_modules. The desktop shell passes the copy
   * built for Electron's ABI (electron/README.md); Node, the CLI and the tests use the default.
   */
  nativeBinding?: string;
  /** Fail any response whose body strays from its declared schema (http/serializer.ts); the tests turn it on. */
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
  const db = openStore();
  const repos = createRepositories(db);
  // The dispatcher writes through a connection of its own (see webhook-dispatcher.ts).
  const dispatcher = webhookDispatcher(openStore(), clock, {
    ...DEFAULT_WEBHOOK_DISPATCH,
    ...options.webhooks,
  });
  const outbox = webhookOutbox(repos, clock, dispatcher.wake);
  const ctx: AppContext = {
    db,
    clock,
    repos,
    attendees: attendeeService(db, repos, clock, outbox),
    events: eventService(db, repos, clock, outbox),
    users: userService(repos, clock),
    webhooks: webhookService(db, repos, clock, outbox),
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
  app.addHook('onClose', async () => db.close());
  app.addHook('onClose', async () => dispatcher.stop());
  app.addHook('onReady', async () => dispatcher.start(app.log));

  registerErrorHandling(app);
  registerJsonBodyParser(app);
  await registerRateLimits(app, { ...DEFAULT_RATE_LIMITS, ...options.rateLimits }, clock);
  await registerApiDocs(app);

  await app.register(publicEventRoutes);
  await app.register(publicProfileRoutes, { prefix: '/public/profile' });
  await app.register(profilePageRoutes);
  await app.register(publicOrganizationRoutes);
  await app.register(satelliteStatusRoutes, { probe: null });
  if (options.kioskDir !== false) {
    await app.register(kioskStaticRoutes, { root: options.kioskDir ?? DEFAULT_KIOSK_DIR });
  }
  await app.register(dashboardApi, { prefix: '/dashboard/api' });
  await app.register(async (api) => {
    registerTokenAuthentication(api);
    await api.register(organizationRoutes);
    await api.register(eventRoutes);
    await api.register(attendeeRoutes);
    await api.register(userRoutes);
    await api.register(tokenWebhookRoutes);
  });

  return app;
}
