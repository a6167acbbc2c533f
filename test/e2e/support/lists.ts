import { expect } from '@playwright/test';
import type { EventRecord } from '../../../server/events/event.types.ts';
import type { Organization } from '../../../server/organizations/organization.types.ts';
import type { RegistrationField } from '../../../server/contract/vocabulary.ts';
import { createToken, type TestClock } from '../../helpers/app.ts';
import type { KioskServer } from './fixtures.ts';

/** A conference's form: who goes to which workshop is a choice of the registration. */
export const CONFERENCE_FIELDS: RegistrationField[] = [
  { key: 'email', label: 'Email', type: 'email', required: true },
  { key: 'first_name', label: 'First name', type: 'text', required: true },
  { key: 'last_name', label: 'Last name', type: 'text', required: true },
  {
    key: 'workshop',
    label: 'Workshop',
    type: 'select',
    required: true,
    options: [
      { value: 'a', label: 'Workshop A' },
      { value: 'b', label: 'Workshop B' },
      { value: 'none', label: 'No workshop' },
    ],
  },
];

export interface ListSettings {
  name: string;
  admits?: { field: string; values: string[] } | null;
  windows?: { from: string; until: string }[];
  entry_rule?: 'once' | 'once_per_day' | 'every_time';
  exits_scanned?: boolean;
  capacity?: number | null;
}

/** A conference with check-in lists, seeded through the token API as an integration would. */
export interface Conference {
  event: EventRecord;
  /** Registers someone for a workshop ('a', 'b' or 'none'); answers their check-in code. */
  register(first: string, last: string, workshop: string): Promise<string>;
  /** Makes a check-in list; answers its id. */
  addList(settings: ListSettings): Promise<string>;
  /** Scans someone on a list as a kiosk at its door does; answers the reason code. */
  scan(listId: string, code: string, direction?: 'entry' | 'exit'): Promise<string>;
  /** The server's clock, which the scans' times and the lists' windows are read against. */
  clock: TestClock;
}

export function openConference(server: KioskServer, overrides: Record<string, unknown> = {}): Conference {
  const event = server.createEvent({
    name: 'Harbour Tech Day',
    registration_fields: CONFERENCE_FIELDS,
    ...overrides,
  });
  const token = createToken(server.app, { id: event.organizationId } as Organization, {
    scopes: ['events:read', 'events:write', 'attendees:read', 'attendees:write'],
  });
  const headers = { authorization: `Bearer ${token}` };
  return {
    event,
    clock: server.app.ctx.clock as TestClock,
    async register(first, last, workshop) {
      const email = `${first}.${last}@example.com`.toLowerCase();
      await server.register(event, { email, first_name: first, last_name: last, workshop });
      return server.attendee(event, email)!.checkinCode;
    },
    async scan(listId, code, direction = 'entry') {
      const response = await server.app.inject({
        method: 'POST',
        url: `/kiosk/api/events/${event.uuid}/check-in-lists/${listId}/scan`,
        payload: { code, direction },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: { result: string } }).data.result;
    },
    async addList(settings) {
      const response = await server.app.inject({
        method: 'POST',
        url: `/api/events/${event.uuid}/check-in-lists`,
        headers,
        payload: settings,
      });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { data: { id: string } }).data.id;
    },
  };
}
