import { toTimestamp } from '../platform/time.ts';
import type { EventRecord } from '../events/event.types.ts';
import type { Organization } from '../organizations/organization.types.ts';
import type { UserProfile, UserRecord } from '../people/person.types.ts';
import type { Store } from '../store.ts';
import { applyEventInput, DEFAULT_REGISTRATION_FIELDS } from '../events/event.input.ts';

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
 * Demo content inside `organization`: one published event open for registration and check-in now, with the
 * sample fields plus a select, and three people with profiles (two public, one private).
 */
export function seedDemoContent(
  store: Store,
  organization: Organization,
  options: { timezone?: string | undefined } = {},
): { events: EventRecord[]; users: UserRecord[] } {
  const { repos, clock } = store;
  const now = clock.now();
  const stamp = toTimestamp(now);
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
      ...(options.timezone ? { timezone: options.timezone } : {}),
      is_published: true,
      checkin_period_type: 'immediate',
      allow_self_checkin: true,
      seats: 500,
      registration_fields: [
        ...DEFAULT_REGISTRATION_FIELDS,
        {
          key: 'ticket_type',
          label: 'Ticket type',
          label_fr: 'Type de billet',
          type: 'select',
          required: true,
          options: [
            { value: 'general', label: 'General admission', label_fr: 'Entrée générale' },
            { value: 'speaker', label: 'Speaker', label_fr: 'Intervenant' },
            { value: 'press', label: 'Press', label_fr: 'Presse' },
          ],
        },
      ],
    }),
    stamp,
  );
  const users = DEMO_PEOPLE.map((person) => {
    const result = repos.users.create(organization.id, person, stamp);
    // A person of that email already exists in the organization: show theirs.
    return result.ok ? result.user : repos.users.findByEmail(organization.id, person.email)!;
  });
  return { events: [event], users };
}

/**
 * The CLI's `demo`: a demo organization with the demo content, in one transaction. Running it again reports what
 * is there.
 */
export function seedDemo(store: Store): DemoContent {
  return store.inTransaction(() => seedDemoOnce(store));
}

function seedDemoOnce(store: Store): DemoContent {
  const { repos, clock } = store;
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
  const organization = repos.organizations.create('Demo Venue', DEMO_SLUG, toTimestamp(clock.now()))!;
  return { created: true, organization, ...seedDemoContent(store, organization) };
}
