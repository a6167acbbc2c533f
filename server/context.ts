import type { Clock } from './clock.ts';
import type { Db } from './db/database.ts';
import type { Repositories } from './repositories/index.ts';
import type { AttendeeService } from './services/attendees.ts';
import type { EventService } from './services/events.ts';
import type { UserService } from './services/users.ts';

/** What every route reaches through `app.ctx`: the store, the clock and the shared operations. */
export interface AppContext {
  db: Db;
  clock: Clock;
  repos: Repositories;
  attendees: AttendeeService;
  events: EventService;
  users: UserService;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
