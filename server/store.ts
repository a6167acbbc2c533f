import type { Db } from './platform/database.ts';
import { apiTokensRepository } from './access/api-token.repository.ts';
import { attendeesRepository } from './attendees/attendee.repository.ts';
import { eventsRepository } from './events/event.repository.ts';
import { organizationsRepository } from './organizations/organization.repository.ts';
import { staffRepository } from './access/staff.repository.ts';
import { usersRepository } from './people/person.repository.ts';
import { webhookDeliveriesRepository } from './webhooks/delivery.repository.ts';
import { webhookEndpointsRepository } from './webhooks/endpoint.repository.ts';

/** Every repository over one database handle; built once per app. */
export function createRepositories(db: Db) {
  return {
    organizations: organizationsRepository(db),
    events: eventsRepository(db),
    attendees: attendeesRepository(db),
    users: usersRepository(db),
    apiTokens: apiTokensRepository(db),
    staff: staffRepository(db),
    webhookEndpoints: webhookEndpointsRepository(db),
    webhookDeliveries: webhookDeliveriesRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
