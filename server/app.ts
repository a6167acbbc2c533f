import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/database.ts';
import { earlyErrorOptions, registerErrorHandling } from './http/errors.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { responseSerializerCompiler } from './http/serializer.ts';
import { DEFAULT_RATE_LIMITS, registerRateLimits, type RateLimits } from './http/rate-limit.ts';
import { registerTokenAuthentication } from './http/token-auth.ts';
import { zodValidatorCompiler } from './http/validation.ts';
import { createRepositories } from './repositories/index.ts';
import { attendeeRoutes } from './routes/attendees.ts';
import { dashboardApi } from './routes/dashboard/index.ts';
import { registerApiDocs } from './routes/docs.ts';
import { eventRoutes } from './routes/events.ts';
import { DEFAULT_KIOSK_DIR, kioskStaticRoutes } from './routes/kiosk-static.ts';
import { organizationRoutes } from './routes/organization.ts';
import { profilePageRoutes } from './routes/profile-page.ts';
import { publicOrganizationRoutes } from './routes/public-organizations.ts';
import { publicEventRoutes } from './routes/public-events.ts';
import { publicProfileRoutes } from './routes/public-profile.ts';
import { satelliteStatusRoutes } from './routes/satellite-status.ts';
import { userRoutes } from './routes/users.ts';
import type { SatelliteOptions } from './satellite-app.ts';
import { tokenWebhookRoutes } from './routes/webhooks.ts';
import { attendeeService } from './services/attendees.ts';
import { eventService } from './services/events.ts';
import { userService } from './services/users.ts';
import {
  DEFAULT_WEBHOOK_DISPATCH,
  webhookDispatcher,
  type WebhookDispatchOptions,
} from './services/webhook-dispatcher.ts';
import { webhookOutbox, webhookService } from './services/webhooks.ts';

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
    const { buildSatelliteApp } = await import('./satellite-app.ts');
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
