import type { Clock } from '../clock.ts';
import { toTimestamp } from '../domain/time.ts';
import type { EventRecord, Organization, UserProfile, UserRecord } from '../domain/types.ts';
import type { Repositories } from '../repositories/index.ts';
import { applyEventInput, DEFAULT_REGISTRATION_FIELDS } from '../schemas/events.ts';

export const DEMO_SLUG = 'demo';

export interface DemoContent {
  created: boolean;
  organization: Organization;
  events: EventRecord[];
  users: UserRecord[];
}

const DEMO_PEOPLE: UserProfile[] = [
  {
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '+44 20 7946 0018',
    birthday: '1815-12-10',
    address: { city: 'London', country: 'United Kingdom' },
    employment: { job_title: 'Analyst', company: 'Analytical Engines Ltd' },
    profilePublic: true,
    publicFields: ['first_name', 'last_name', 'email', 'employment', 'address'],
  },
  {
    email: 'grace@example.com',
    firstName: 'Grace',
    lastName: 'Hopper',
    phone: '+1 202 555 0143',
    birthday: null,
    address: null,
    employment: { job_title: 'Rear Admiral', company: 'US Navy' },
    profilePublic: true,
    publicFields: ['first_name', 'last_name', 'employment'],
  },
  {
    email: 'alan@example.com',
    firstName: 'Alan',
    lastName: 'Turing',
    phone: null,
    birthday: null,
    address: null,
    employment: null,
    profilePublic: false,
    publicFields: ['first_name', 'last_name'],
  },
];

/**
 * A demo organization with one published event open for registration and check-in now, and a few people with
 * profiles (two public, one private). Running it again changes nothing and reports what is there.
 */
export function seedDemo(repos: Repositories, clock: Clock): DemoContent {
  const existing = repos.organizations.findBySlug(DEMO_SLUG);
  if (existing) {
    return {
      created: false,
      organization: existing,
      events: repos.events.listForOrganization(existing.id),
      users: DEMO_PEOPLE.map((p) => repos.users.findByEmail(existing.id, p.email)).filter(
        (u): u is UserRecord => u !== null,
      ),
    };
  }
  const now = clock.now();
  const stamp = toTimestamp(now);
  const organization = repos.organizations.create('Demo Venue', DEMO_SLUG, stamp)!;
  const day = 24 * 60 * 60 * 1000;
  const event = repos.events.create(
    organization.id,
    applyEventInput(null, {
      name: 'Arrivals Demo Night',
      description:
        'Talks, demos and drinks. Register at the kiosk, or check in with the email you registered with.',
      starts_at: toTimestamp(new Date(now.getTime() - 2 * 60 * 60 * 1000)),
      ends_at: toTimestamp(new Date(now.getTime() + 30 * day)),
      location: 'Main Hall',
      is_published: true,
      checkin_period_type: 'immediate',
      allow_self_checkin: true,
      seats: 500,
      registration_fields: [
        ...DEFAULT_REGISTRATION_FIELDS,
        {
          key: 'ticket_type',
          label: 'Ticket type',
          type: 'select',
          required: true,
          options: [
            { value: 'general', label: 'General admission' },
            { value: 'speaker', label: 'Speaker' },
            { value: 'press', label: 'Press' },
          ],
        },
      ],
    }),
    stamp,
  );
  const users = DEMO_PEOPLE.map((person) => {
    const result = repos.users.create(organization.id, person, stamp);
    if (!result.ok) throw new Error(`demo user ${person.email} already exists`);
    return result.user;
  });
  return { created: true, organization, events: [event], users };
}
