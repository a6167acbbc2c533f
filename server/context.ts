import type { Clock } from './clock.ts';
import type { Db } from './db/database.ts';
import type { Repositories } from './repositories/index.ts';
import type { AttendeeService } from './services/attendees.ts';
import type { EventService } from './services/events.ts';
import type { UserService } from './services/users.ts';
import type { WebhookDispatcher } from './services/webhook-dispatcher.ts';
import type { WebhookService } from './services/webhooks.ts';

/** What every route reaches through `app.ctx`: the store, the clock and the shared operations. */
export interface AppContext {
  db: Db;
  clock: Clock;
  repos: Repositories;
  attendees: AttendeeService;
  events: EventService;
  users: UserService;
  webhooks: WebhookService;
  /** Sends the webhook outbox in the background; `dispatchDue()` runs one round on demand. */
  webhookDispatcher: WebhookDispatcher;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
