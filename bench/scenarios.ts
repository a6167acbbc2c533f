import type { RequestSpec } from './load.ts';
import type { Fixture } from './seed.ts';

/**
 * One endpoint under sustained load. `requests()` starts a fresh request stream; each server gets its own, and
 * since both servers hold identical copies of the seeded database, both streams are valid against their server.
 */
export const SCENARIO_NAMES = [
  'event details',
  'register',
  'check',
  'check-in',
  'list scan',
  'attendee lookup',
  'profile',
] as const;

export interface Scenario {
  name: (typeof SCENARIO_NAMES)[number];
  /** Only reads: held to a higher ratio than a write (bench/report.ts). */
  read: boolean;
  requests(): () => RequestSpec;
}

const ACCEPT = { accept: 'application/json' };
const JSON_BODY = { ...ACCEPT, 'content-type': 'application/json' };

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

export function scenarios(fixture: Fixture): Scenario[] {
  const event = `/public/events/${fixture.eventUuid}`;
  return [
    {
      name: 'event details',
      read: true,
      requests: () => () => ({ method: 'GET', path: event, headers: ACCEPT }),
    },
    {
      name: 'register',
      read: false,
      requests: () => {
        let sequence = 0;
        return () => {
          const n = sequence++;
          const body = { email: `walk-in-${n}@example.com`, first_name: 'Alan', last_name: `Turing ${n}` };
          return {
            method: 'POST',
            path: `${event}/register`,
            headers: JSON_BODY,
            body: JSON.stringify(body),
          };
        };
      },
    },
    {
      name: 'check',
      read: true,
      requests: () => () => {
        const email = encodeURIComponent(pick(fixture.attendeeEmails));
        return { method: 'GET', path: `${event}/check?email=${email}`, headers: ACCEPT };
      },
    },
    {
      name: 'check-in',
      read: false,
      requests: () => {
        let next = 0;
        // Past the end of the pool the stream wraps around and the server answers 409: those show up as
        // failures in the table, never as throughput.
        return () => {
          const email = fixture.checkInEmails[next++ % fixture.checkInEmails.length]!;
          return {
            method: 'POST',
            path: `${event}/check-in`,
            headers: JSON_BODY,
            body: JSON.stringify({ email }),
          };
        };
      },
    },
    {
      // A kiosk scanning on a list with rules (bench/seed.ts `createRuledList`): the same pool, each once, so that
      // its figures sit beside the check-in's of the same run (issue 38: within 1.1x of it).
      name: 'list scan',
      read: false,
      requests: () => {
        let next = 0;
        const path = `/kiosk/api/events/${fixture.eventUuid}/check-in-lists/${fixture.listUuid}/scan`;
        return () => {
          const code = fixture.checkInCodes[next++ % fixture.checkInCodes.length]!;
          return { method: 'POST', path, headers: JSON_BODY, body: JSON.stringify({ code }) };
        };
      },
    },
    {
      name: 'attendee lookup',
      read: true,
      requests: () => {
        const headers = { ...ACCEPT, authorization: `Bearer ${fixture.token}` };
        return () => ({ method: 'GET', path: `/api/attendees/${pick(fixture.attendeeUuids)}`, headers });
      },
    },
    {
      name: 'profile',
      read: true,
      requests: () => () => ({
        method: 'GET',
        path: `/public/profile/${pick(fixture.profileCodes)}`,
        headers: ACCEPT,
      }),
    },
  ];
}
