import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/database.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { DEFAULT_RATE_LIMITS, registerRateLimits, type RateLimits } from './http/rate-limit.ts';
import { registerTokenAuthentication } from './http/token-auth.ts';
import { zodValidatorCompiler } from './http/validation.ts';
import { createRepositories } from './repositories/index.ts';
import { attendeeRoutes } from './routes/attendees.ts';
import { dashboardApi } from './routes/dashboard/index.ts';
import { registerApiDocs } from './routes/docs.ts';
import { eventRoutes } from './routes/events.ts';
import { organizationRoutes } from './routes/organization.ts';
import { profilePageRoutes } from './routes/profile-page.ts';
import { publicEventRoutes } from './routes/public-events.ts';
import { publicProfileRoutes } from './routes/public-profile.ts';
import { userRoutes } from './routes/users.ts';
import { attendeeService } from './services/attendees.ts';
import { eventService } from './services/events.ts';
import { userService } from './services/users.ts';

export interface BuildAppOptions {
  /** Where the SQLite database lives; created when missing. */
  dataDir: string;
  clock?: Clock;
  rateLimits?: Partial<RateLimits>;
  logger?: FastifyServerOptions['logger'];
  /** Fastify's trustProxy: only with a proxy in front may X-Forwarded-For name the client. Off by default. */
  trustProxy?: FastifyServerOptions['trustProxy'];
}

/**
 * Builds the whole API over the database in `dataDir`. It never listens: the CLI's `serve`, the desktop shell and
 * the tests each decide that (tests use `app.inject()`).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const db = openDatabase(options.dataDir);
  const repos = createRepositories(db);
  const ctx: AppContext = {
    db,
    clock,
    repos,
    attendees: attendeeService(db, repos, clock),
    events: eventService(repos, clock),
    users: userService(repos, clock),
  };

  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    // 10,000 UUIDs in a bulk no-show are ~380 KiB.
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => db.close());

  registerErrorHandling(app);
  registerJsonBodyParser(app);
  await registerRateLimits(app, { ...DEFAULT_RATE_LIMITS, ...options.rateLimits }, clock);
  await registerApiDocs(app);

  await app.register(publicEventRoutes);
  await app.register(publicProfileRoutes, { prefix: '/public/profile' });
  await app.register(profilePageRoutes);
  await app.register(dashboardApi, { prefix: '/dashboard/api' });
  await app.register(async (api) => {
    registerTokenAuthentication(api);
    await api.register(organizationRoutes);
    await api.register(eventRoutes);
    await api.register(attendeeRoutes);
    await api.register(userRoutes);
  });

  return app;
}
