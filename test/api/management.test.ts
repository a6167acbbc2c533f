import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Organization } from '../../server/organizations/organization.types.ts';
import {
  call,
  createEvent,
  createOrganization,
  createToken,
  registration,
  startTestApp,
  type TestApp,
} from '../helpers/app.ts';

let t: TestApp;
let org: Organization;
let token: string;

beforeEach(async () => {
  t = await startTestApp();
  org = createOrganization(t.app, 'City Hall');
  token = createToken(t.app, org);
});
afterEach(async () => t.close());

const fields = [
  { key: 'email', label: 'Email', type: 'email', required: true },
  { key: 'name', label: 'Name', type: 'text', required: true },
  {
    key: 'diet',
    label: 'Diet',
    type: 'select',
    required: false,
    options: [{ value: 'veg', label: 'Vegetarian' }],
  },
];

describe('GET /api/organization', () => {
  it("returns the token's organization", async () => {
    const res = await call(t.app, 'GET', '/api/organization', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { id: org.uuid, name: 'City Hall', slug: org.slug, created_at: '2026-11-21T10:00:00+00:00' },
    });
  });
});

describe('Events API', () => {
  it('creates an event with every field and returns it', async () => {
    const res = await call(t.app, 'POST', '/api/events', {
      token,
      body: {
        name: 'Expo',
        description: 'Two days of demos',
        starts_at: '2026-12-01T09:00:00+01:00',
        ends_at: '2026-12-02T18:00:00+01:00',
        location: 'Hall 4',
        timezone: 'Europe/Berlin',
        seats: 300,
        requires_approval: true,
        registration_opens_at: '2026-11-01T00:00:00Z',
        registration_closes_at: '2026-12-01T08:00:00Z',
        is_published: true,
        checkin_period_type: 'date_range',
        checkin_starts_at: '2026-12-01T07:00:00Z',
        checkin_ends_at: '2026-12-02T17:00:00Z',
        allow_self_checkin: false,
        redirect_url: 'https://crm.example/import/{code}',
        registration_fields: fields,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Expo',
      starts_at: '2026-12-01T08:00:00+00:00',
      timezone: 'Europe/Berlin',
      seats: 300,
      requires_approval: true,
      is_published: true,
      checkin_period_type: 'date_range',
      allow_self_checkin: false,
      redirect_url: 'https://crm.example/import/{code}',
      registration_fields: fields,
      is_registration_open: true,
      is_checkin_allowed: false,
      attendees_count: 0,
    });
    const publicView = await call(t.app, 'GET', `/public/events/${res.body.data.id}`);
    expect(publicView.body.data.registration_fields).toEqual(fields);
  });

  it('defaults: the sample fields, immediate check-in, unpublished', async () => {
    const res = await call(t.app, 'POST', '/api/events', { token, body: { name: 'Quick' } });
    expect(res.status).toBe(201);
    expect(res.body.data.registration_fields.map((f: { key: string }) => f.key)).toEqual([
      'email',
      'first_name',
      'last_name',
      'company',
    ]);
    expect(res.body.data).toMatchObject({
      checkin_period_type: 'immediate',
      is_published: false,
      seats: null,
    });
    expect((await call(t.app, 'GET', `/public/events/${res.body.data.id}`)).status).toBe(404);
  });

  it('422 for bad configurations, in the errors shape', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ registration_fields: [{ key: 'name', label: 'Name', type: 'text' }] }, 'registration_fields'],
      [
        { registration_fields: [fields[0], { key: 'pick', label: 'Pick', type: 'select', required: true }] },
        'registration_fields.1.options',
      ],
      [{ redirect_url: 'https://crm.example/import' }, 'redirect_url'],
      [
        {
          checkin_period_type: 'date_range',
          checkin_starts_at: '2026-12-02T00:00:00Z',
          checkin_ends_at: '2026-12-01T00:00:00Z',
        },
        'checkin_ends_at',
      ],
      [{ checkin_period_type: 'starts_on' }, 'checkin_starts_at'],
      [
        { registration_fields: [fields[0], { key: 'x', label: 'X', type: 'number' }] },
        'registration_fields.1.type',
      ],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ starts_at: '2026-02-30T10:00:00Z' }, 'starts_at'],
      [{ starts_at: '2026-12-01T10:00:00' }, 'starts_at'],
      [{ seats: 0 }, 'seats'],
      [{ seats: 'ten' }, 'seats'],
      [{ registration_fields: [fields[0], fields[0]] }, 'registration_fields.1.key'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t.app, 'POST', '/api/events', { token, body: { name: 'Bad', ...body } });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.message).toBe('The given data was invalid.');
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    const missingName = await call(t.app, 'POST', '/api/events', { token, body: {} });
    expect(missingName.body.errors).toEqual({ name: ['The name field is required.'] });
  });

  it('422s about the registration form name the field by position and label, and a choice by its row', async () => {
    const ticket = { key: 'ticket', label: 'Ticket type', type: 'select', required: true };
    const cases: [unknown[], string, string][] = [
      [
        [fields[0], { ...ticket, options: [{ value: '', label: 'Visitor' }] }],
        'registration_fields.1.options.0.value',
        'The value of choice 1 of field 2 (“Ticket type”) is required.',
      ],
      [
        [
          fields[0],
          {
            ...ticket,
            options: [
              { value: 'v', label: 'Visitor' },
              { value: 'x', label: ' ' },
            ],
          },
        ],
        'registration_fields.1.options.1.label',
        'The label of choice 2 of field 2 (“Ticket type”) is required.',
      ],
      [
        [fields[0], ticket],
        'registration_fields.1.options',
        'Field 2 (“Ticket type”) is a choice list: add at least one choice.',
      ],
      [
        [
          fields[0],
          {
            ...ticket,
            options: [
              { value: 'v', label: 'A' },
              { value: 'v', label: 'B' },
            ],
          },
        ],
        'registration_fields.1.options',
        'Two choices of field 2 (“Ticket type”) have the same value: each needs its own.',
      ],
      [
        [fields[0], { ...fields[0], label: 'Work email' }],
        'registration_fields.1.key',
        'The key of field 2 (“Work email”) is already used by another field.',
      ],
    ];
    for (const [registrationFields, key, message] of cases) {
      const res = await call(t.app, 'POST', '/api/events', {
        token,
        body: { name: 'Bad', registration_fields: registrationFields },
      });
      expect(res.status, key).toBe(422);
      expect(res.body.errors[key], key).toEqual([message]);
    }
  });

  it('PATCH changes only the keys sent and keeps the event consistent', async () => {
    const created = await call(t.app, 'POST', '/api/events', { token, body: { name: 'Before', seats: 10 } });
    const id = created.body.data.id;
    const res = await call(t.app, 'PATCH', `/api/events/${id}`, {
      token,
      body: { name: 'After', is_published: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'After', is_published: true, seats: 10 });
    const bad = await call(t.app, 'PATCH', `/api/events/${id}`, {
      token,
      body: { checkin_period_type: 'date_range' },
    });
    expect(bad.status).toBe(422);
    expect((await call(t.app, 'GET', `/api/events/${id}`, { token })).body.data.checkin_period_type).toBe(
      'immediate',
    );
  });

  it('lists only the events a restricted token covers, and such a token cannot create events', async () => {
    const a = createEvent(t.app, org, { name: 'A' });
    createEvent(t.app, org, { name: 'B' });
    const restricted = createToken(t.app, org, { eventIds: [a.uuid] });
    const list = await call(t.app, 'GET', '/api/events', { token: restricted });
    expect(list.body.data.map((e: { name: string }) => e.name)).toEqual(['A']);
    const create = await call(t.app, 'POST', '/api/events', { token: restricted, body: { name: 'C' } });
    expect(create.status).toBe(403);
    expect(create.body).toEqual({ message: 'Access denied.' });
    expect((await call(t.app, 'GET', '/api/events', { token })).body.data).toHaveLength(2);
  });
});

describe('Users API and public profiles', () => {
  const ada = {
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    phone: '+44 20 7946 0018',
    birthday: '1815-12-10',
    address: { street: '12 St James Sq', city: 'London', state: '', postal_code: 'SW1Y 4JH', country: 'UK' },
    employment: { job_title: 'Analyst', company: 'Engines' },
    profile_public: true,
    public_fields: ['first_name', 'last_name', 'address', 'employment'],
  };

  it('creates a user with a profile code and shows only the enabled, non-empty fields', async () => {
    const res = await call(t.app, 'POST', '/api/users', { token, body: ada });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      email: 'ada@example.com',
      profile_public: true,
      phone: '+44 20 7946 0018',
    });
    const code = res.body.data.profile_code as string;
    expect(code).toMatch(/^[0-9A-Za-z]{10,}$/);

    const profile = await call(t.app, 'GET', `/public/profile/${code}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({
      data: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        address: { street: '12 St James Sq', city: 'London', postal_code: 'SW1Y 4JH', country: 'UK' },
        employment: { job_title: 'Analyst', company: 'Engines' },
      },
    });
  });

  it('a token restricted to events cannot touch people, who belong to the whole organization', async () => {
    const event = createEvent(t.app, org);
    const restricted = createToken(t.app, org, { eventIds: [event.uuid] });
    const member = await call(t.app, 'POST', '/api/users', { token, body: ada });
    const refused = [
      await call(t.app, 'POST', '/api/users', { token: restricted, body: { email: 'probe@example.com' } }),
      // Not even a taken email's 422, which would tell who is a member.
      await call(t.app, 'POST', '/api/users', { token: restricted, body: { email: 'ada@example.com' } }),
      await call(t.app, 'PATCH', `/api/users/${member.body.data.id}`, {
        token: restricted,
        body: { profile_public: true, public_fields: ['email', 'phone'] },
      }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'Access denied.' });
    }
    expect(t.app.store.repos.users.findByEmail(org.id, 'probe@example.com')).toBeNull();
    expect(t.app.store.repos.users.findByEmail(org.id, 'ada@example.com')!.publicFields).toEqual(
      ada.public_fields,
    );
  });

  it('profile codes are case-sensitive; unknown is 404, private is 403', async () => {
    const created = await call(t.app, 'POST', '/api/users', {
      token,
      body: { ...ada, profile_public: false },
    });
    const code = created.body.data.profile_code as string;
    const privateRes = await call(t.app, 'GET', `/public/profile/${code}`);
    expect(privateRes.status).toBe(403);
    expect(privateRes.body).toEqual({ message: 'This profile is private.' });
    const swapped = code.replace(/[a-zA-Z]/, (c) =>
      c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase(),
    );
    const missing = await call(t.app, 'GET', `/public/profile/${swapped}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Profile not found.' });
  });

  it('PATCH edits the profile; the public view follows', async () => {
    const created = await call(t.app, 'POST', '/api/users', { token, body: ada });
    const res = await call(t.app, 'PATCH', `/api/users/${created.body.data.id}`, {
      token,
      body: { public_fields: ['email', 'phone'], phone: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.phone).toBeNull();
    const profile = await call(t.app, 'GET', `/public/profile/${created.body.data.profile_code}`);
    expect(profile.body).toEqual({ data: { email: 'ada@example.com' } });
  });

  it('422 for a taken email (case-insensitive), a bad birthday, a long phone or an unknown public field', async () => {
    await call(t.app, 'POST', '/api/users', { token, body: ada });
    const taken = await call(t.app, 'POST', '/api/users', { token, body: { email: 'ADA@example.com' } });
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual({
      message: 'The given data was invalid.',
      errors: { email: ['The email has already been taken.'] },
    });
    const bad = await call(t.app, 'POST', '/api/users', {
      token,
      body: {
        email: 'b@example.com',
        birthday: '1999-02-29',
        phone: '1'.repeat(21),
        public_fields: ['password'],
      },
    });
    expect(bad.body.errors).toEqual({
      birthday: ['The birthday field must be a valid date.'],
      phone: ['The phone field must not be greater than 20 characters.'],
      'public_fields.0': ['The selected public fields.0 is invalid.'],
    });
  });

  it('a registration with the email of a user is not a guest', async () => {
    await call(t.app, 'POST', '/api/users', { token, body: ada });
    const event = createEvent(t.app, org);
    const res = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('Ada@Example.com'),
    });
    expect(res.body.data.is_guest).toBe(false);
  });

  it('/p/{code} is a readable page of the same visible fields', async () => {
    const created = await call(t.app, 'POST', '/api/users', {
      token,
      body: { ...ada, first_name: '<script>x</script>', public_fields: ['first_name', 'employment'] },
    });
    const res = await t.app.inject({ method: 'GET', url: `/p/${created.body.data.profile_code}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(res.body).toContain('Analyst, Engines');
    expect(res.body).not.toContain('London');
    const missing = await t.app.inject({ method: 'GET', url: '/p/nothing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Profile not found.');
  });
});
