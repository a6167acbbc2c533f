import type { Clock } from './platform/clock.ts';
import type { Db } from './platform/database.ts';
import type { GroupCommit } from './platform/group-commit.ts';
import { apiTokensRepository } from './access/api-token.repository.ts';
import { staffRepository } from './access/staff.repository.ts';
import { attendeesRepository } from './attendees/attendee.repository.ts';
import { importStagingRepository, importsUnderWayRepository } from './attendees/import.repository.ts';
import { ledgerRepository } from './attendees/ledger.repository.ts';
import { badgeSettingsRepository } from './badges/badge.repository.ts';
import { brandRepository } from './brand/brand.repository.ts';
import { eventsRepository } from './events/event.repository.ts';
import { failoverRepository } from './failover/failover.repository.ts';
import { listRepository } from './lists/list.repository.ts';
import { organizationsRepository } from './organizations/organization.repository.ts';
import { usersRepository } from './people/person.repository.ts';
import { webhookDeliveriesRepository } from './webhooks/delivery.repository.ts';
import { webhookEndpointsRepository } from './webhooks/endpoint.repository.ts';
import { lanIntegrationsRepository } from './webhooks/lan-integration.repository.ts';
import { mailOutboxRepository } from './mail/mail-outbox.repository.ts';
import { mailSettingsRepository } from './mail/mail-settings.repository.ts';
import { ticketsRepository } from './tickets/ticket.repository.ts';

/** Every repository over one database handle; built once per app. */
export function createRepositories(db: Db) {
  return {
    organizations: organizationsRepository(db),
    events: eventsRepository(db),
    attendees: attendeesRepository(db),
    ledger: ledgerRepository(db),
    importStaging: importStagingRepository(db),
    importsUnderWay: importsUnderWayRepository(db),
    badges: badgeSettingsRepository(db),
    brand: brandRepository(db),
    users: usersRepository(db),
    apiTokens: apiTokensRepository(db),
    staff: staffRepository(db),
    webhookEndpoints: webhookEndpointsRepository(db),
    webhookDeliveries: webhookDeliveriesRepository(db),
    lanIntegrations: lanIntegrationsRepository(db),
    mailSettings: mailSettingsRepository(db),
    mailOutbox: mailOutboxRepository(db),
    tickets: ticketsRepository(db),
    failover: failoverRepository(db),
    lists: listRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

/**
 * What the services are made of: the database, its repositories and the clock. Only services (and the app that
 * builds them) hold it; routes reach the store through services, so every write has one door.
 */
export interface Store {
  readonly db: Db;
  readonly clock: Clock;
  readonly repos: Repositories;
  /**
   * Runs `work` in an IMMEDIATE transaction: the write lock is taken before the first read, so a decision made on
   * what was read cannot be overtaken by another process writing in between. In a server, one of the writes this
   * turn of the event loop commits together (platform/group-commit.ts): nobody outside hears of it before then.
   */
  inTransaction<T>(work: () => T): T;
  /** Commits the writes of this turn now (a server's, see `inTransaction`): before reading what leaves the process. */
  settle(): void;
}

/** `commits`: the server's group commit; without it (the CLI, the import's worker) each write commits alone. */
export function createStore(db: Db, clock: Clock, commits?: GroupCommit): Store {
  return {
    db,
    clock,
    repos: createRepositories(db),
    inTransaction: commits ? commits.run : (work) => db.transaction(work).immediate(),
    settle: commits ? commits.flush : () => {},
  };
}
