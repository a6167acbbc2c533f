import type { Clock } from './platform/clock.ts';
import type { Db } from './platform/database.ts';
import type { Repositories } from './store.ts';
import type { AttendeeService } from './attendees/attendee.service.ts';
import type { EventService } from './events/event.service.ts';
import type { UserService } from './people/person.service.ts';
import type { WebhookDispatcher } from './webhooks/dispatcher.service.ts';
import type { WebhookService } from './webhooks/webhook.service.ts';

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
