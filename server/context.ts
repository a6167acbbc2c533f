import type { Clock } from './clock.ts';
import type { Db } from './db/database.ts';
import type { Repositories } from './repositories/index.ts';
import type { AttendeeService } from './services/attendees.ts';

/** What every route reaches through `app.ctx`: the store, the clock and the shared operations. */
export interface AppContext {
  db: Db;
  clock: Clock;
  repos: Repositories;
  attendees: AttendeeService;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
