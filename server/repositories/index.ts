import type { Db } from '../db/database.ts';
import { apiTokensRepository } from './api-tokens.ts';
import { attendeesRepository } from './attendees.ts';
import { eventsRepository } from './events.ts';
import { organizationsRepository } from './organizations.ts';
import { staffRepository } from './staff.ts';
import { usersRepository } from './users.ts';
import { webhookDeliveriesRepository } from './webhook-deliveries.ts';
import { webhookEndpointsRepository } from './webhook-endpoints.ts';

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
