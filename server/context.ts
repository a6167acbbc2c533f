import type { ApiTokenService } from './access/api-token.service.ts';
import type { StaffService } from './access/staff.service.ts';
import type { AttendeeService } from './attendees/attendee.service.ts';
import type { BulkNoShowService } from './attendees/bulk-no-show.service.ts';
import type { FindByNameService } from './attendees/find-by-name.service.ts';
import type { ImportThread } from './attendees/import-thread.ts';
import type { RegistrationService } from './attendees/registration.service.ts';
import type { BadgeService } from './badges/badge.service.ts';
import type { BrandService } from './brand/brand.service.ts';
import type { EventService } from './events/event.service.ts';
import type { FailoverService } from './failover/failover.service.ts';
import type { ListService } from './lists/list.service.ts';
import type { OrganizationService } from './organizations/organization.service.ts';
import type { PersonService } from './people/person.service.ts';
import type { Clock } from './platform/clock.ts';
import type { Store } from './store.ts';
import type { SyncHubService } from './sync/hub.service.ts';
import type { ReplicaService } from './sync/replica.service.ts';
import type { VenueService } from './sync/venue.service.ts';
import type { WebhookDispatcher } from './webhooks/dispatcher.service.ts';
import type { WebhookEndpointService } from './webhooks/endpoint.service.ts';
import type { LanIntegrationService } from './webhooks/lan-integration.service.ts';
import type { MailDispatcher } from './mail/mail-dispatcher.service.ts';
import type { MailService } from './mail/mail.service.ts';
import type { TicketService } from './tickets/ticket.service.ts';

/**
 * What routes reach through `app.ctx`: the clock and the services, the one door to the store. Nothing here hands
 * out a repository or the database.
 */
export interface AppContext {
  clock: Clock;
  organizations: OrganizationService;
  events: EventService;
  registrations: RegistrationService;
  attendees: AttendeeService;
  /** A kiosk's search by name, and check-in as the match one proves is oneself. */
  findByName: FindByNameService;
  bulkNoShow: BulkNoShowService;
  /** How name badges look (the event's layout). */
  badges: BadgeService;
  /** The event's accent colour and logo, on the kiosk and on badges. */
  brand: BrandService;
  /** CSV imports, run on a worker thread of their own. */
  imports: ImportThread;
  people: PersonService;
  tokens: ApiTokenService;
  staff: StaffService;
  webhooks: WebhookEndpointService;
  /** The hosts on the venue network that the organization's webhooks may reach. */
  lanIntegrations: LanIntegrationService;
  /** Sends the webhook outbox in the background; `dispatchDue()` runs one round on demand. */
  webhookDispatcher: WebhookDispatcher;
  /** The organization's mail server, each registration's mails, resend and "send tickets". */
  mail: MailService;
  /** Sends the mail outbox in the background; `dispatchDue()` runs one round on demand. */
  mailDispatcher: MailDispatcher;
  /** A registration's ticket, opened by its secret. */
  tickets: TicketService;
  /** Check-in lists: their rules, scanning on one, who is inside, history and export (server/lists/). */
  lists: ListService;
  /** The hub's side of sync: pairing, ops from replicas, the change feed (every server can be a hub). */
  syncHub: SyncHubService;
  /** On a paired replica kiosk: its sync with the hub; null elsewhere. */
  replica: ReplicaService | null;
  /** On a hub: following an online server (connect, status); null on a replica kiosk. */
  venue: VenueService | null;
  /** The venue's servers, for pages that carry on through another when their own stops; roaming sign-in. */
  failover: FailoverService;
  /** The venue certificate authority a device trusts once, for the screens over HTTPS (server/https/). */
  venueCertificates: VenueCertificates;
}

import type { WriteGate } from './platform/write-gate.ts';
import type { Server as HttpsServer } from 'node:https';
import type { VenueCertificates } from './https/certificate.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /**
     * The database, its repositories and the clock, for the app that builds the services and for tests that seed
     * and inspect rows. Routes never touch it (a lint rule keeps them out): they call services.
     */
    store: Store;
    /** Where this thread's writers wait while the import's worker writes (platform/write-gate.ts). */
    writeGate: WriteGate;
    /** The same app over TLS, when `buildApp` was given a certificate; it listens through `listenHttps`. */
    httpsServer: HttpsServer | null;
  }
}
