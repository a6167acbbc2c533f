import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import {
  call,
  createEvent,
  createOrganization,
  createToken,
  createUser,
  registration,
  startTestApp,
  type TestApp,
} from '../helpers/app.ts';

let t: TestApp;
let org: Organization;
let event: EventRecord;

beforeEach(async () => {
  t = await startTestApp();
  org = createOrganization(t.app, 'City Hall');
  event = createEvent(t.app, org, {
    registration_fields: [
      { key: 'email', label: 'Email', type: 'email', required: true },
      { key: 'first_name', label: 'First name', type: 'text', required: true },
      { key: 'last_name', label: 'Last name', type: 'text', required: true },
      { key: 'company', label: 'Company', type: 'text', required: false },
    ],
  });
});
afterEach(async () => t.close());

const url = (e: { uuid: string }, suffix = '') => `/public/events/${e.uuid}${suffix}`;

describe('GET /public/events/{uuid}', () => {
  it('returns the public event, exactly the documented fields', async () => {
    const res = await call(t.app, 'GET', url(event));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: event.uuid,
        name: 'Launch Night',
        description: '',
        organization: { name: 'City Hall', slug: org.slug },
        registration_fields: [
          { key: 'email', label: 'Email', type: 'email', required: true },
          { key: 'first_name', label: 'First name', type: 'text', required: true },
          { key: 'last_name', label: 'Last name', type: 'text', required: true },
          { key: 'company', label: 'Company', type: 'text', required: false },
        ],
        is_registration_open: true,
        checkin_period_type: 'immediate',
        is_checkin_allowed: true,
        allow_self_checkin: true,
        seats: null,
        attendees_count: 0,
      },
    });
  });

  it('shows select options as value/label pairs', async () => {
    const withSelect = createEvent(t.app, org, {
      registration_fields: [
        { key: 'email', label: 'Email', type: 'email', required: true },
        {
          key: 'size',
          label: 'Shirt',
          type: 'select',
          required: true,
          options: [{ value: 's', label: 'Small' }],
        },
      ],
    });
    const res = await call(t.app, 'GET', url(withSelect));
    expect(res.body.data.registration_fields[1]).toEqual({
      key: 'size',
      label: 'Shirt',
      type: 'select',
      required: true,
      options: [{ value: 's', label: 'Small' }],
    });
  });

  it('answers 404 for an unknown, malformed or unpublished event', async () => {
    const hidden = createEvent(t.app, org, { is_published: false });
    for (const path of [
      url({ uuid: '1c7a0f6e-9b7a-4a57-9d55-3c3b3c0a1e2f' }),
      url({ uuid: 'nope' }),
      url(hidden),
    ]) {
      const res = await call(t.app, 'GET', path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Event not found or not available.' });
    }
  });

  it('counts non-cancelled attendees', async () => {
    await call(t.app, 'POST', url(event, '/register'), { body: registration('a@example.com') });
    await call(t.app, 'POST', url(event, '/register'), { body: registration('b@example.com') });
    await call(t.app, 'POST', url(event, '/cancel'), { body: { email: 'b@example.com' } });
    expect((await call(t.app, 'GET', url(event))).body.data.attendees_count).toBe(1);
  });
});

describe('POST /public/events/{uuid}/register', () => {
  it('registers a guest: 201, message and the public attendee', async () => {
    const res = await call(t.app, 'POST', url(event, '/register'), {
      body: registration('Ada@Example.com', { company: 'Engines', unknown_key: 'dropped' }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Registration successful.',
      data: {
        id: expect.any(Number),
        email: 'Ada@Example.com',
        name: 'Ada Lovelace',
        status: 'confirmed',
        is_guest: true,
      },
    });
    const stored = t.app.store.db
      .prepare('SELECT answers FROM attendees WHERE id = ?')
      .get(res.body.data.id) as {
      answers: string;
    };
    expect(JSON.parse(stored.answers)).toEqual({
      email: 'Ada@Example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      company: 'Engines',
    });
  });

  it('is_guest is false when the email belongs to a user of the organization', async () => {
    createUser(t.app, org, { email: 'member@example.com' });
    const res = await call(t.app, 'POST', url(event, '/register'), {
      body: registration('MEMBER@example.com'),
    });
    expect(res.body.data.is_guest).toBe(false);
  });

  it('is pending when the event requires approval', async () => {
    const approval = createEvent(t.app, org, { requires_approval: true });
    const res = await call(t.app, 'POST', url(approval, '/register'), {
      body: registration('p@example.com'),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe('pending');
  });

  it('409 for an email already registered, compared case-insensitively', async () => {
    await call(t.app, 'POST', url(event, '/register'), { body: registration('dup@example.com') });
    const res = await call(t.app, 'POST', url(event, '/register'), { body: registration('DUP@example.com') });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'You are already registered for this event.' });
  });

  it('a cancelled registration does not block registering again', async () => {
    await call(t.app, 'POST', url(event, '/register'), { body: registration('again@example.com') });
    await call(t.app, 'POST', url(event, '/cancel'), { body: { email: 'again@example.com' } });
    const res = await call(t.app, 'POST', url(event, '/register'), {
      body: registration('again@example.com'),
    });
    expect(res.status).toBe(201);
  });

  it('422 with the field messages for a missing or malformed field', async () => {
    const res = await call(t.app, 'POST', url(event, '/register'), {
      body: { email: 'not-an-email', first_name: '', last_name: 42 },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'Validation failed.',
      errors: {
        email: ['The email field must be a valid email address.'],
        first_name: ['The first name field is required.'],
        last_name: ['The last name field must be a string.'],
      },
    });
  });

  it('422 naming every required field for an empty body', async () => {
    const res = await call(t.app, 'POST', url(event, '/register'), { body: {} });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      email: ['The email field is required.'],
      first_name: ['The first name field is required.'],
      last_name: ['The last name field is required.'],
    });
    expect(t.app.store.db.prepare('SELECT COUNT(*) AS n FROM attendees').get()).toEqual({ n: 0 });
  });

  it('403 while registration is closed: unpublished window, closing time, full seats', async () => {
    const notYet = createEvent(t.app, org, { registration_opens_at: '2026-11-22T00:00:00Z' });
    const over = createEvent(t.app, org, { registration_closes_at: '2026-11-21T09:00:00Z' });
    const full = createEvent(t.app, org, { seats: 1 });
    await call(t.app, 'POST', url(full, '/register'), { body: registration('first@example.com') });
    for (const closed of [notYet, over, full]) {
      const res = await call(t.app, 'POST', url(closed, '/register'), {
        body: registration('late@example.com'),
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'Registration is closed for this event.' });
      expect((await call(t.app, 'GET', url(closed))).body.data.is_registration_open).toBe(false);
    }
  });

  it('returns redirect_url with {code} replaced by the attendee UUID', async () => {
    const redirecting = createEvent(t.app, org, {
      redirect_url: 'https://platform.example/welcome?code={code}',
    });
    const token = createToken(t.app, org);
    const res = await call(t.app, 'POST', url(redirecting, '/register'), {
      body: registration('r@example.com'),
    });
    expect(res.status).toBe(201);
    const code = new URL(res.body.redirect_url).searchParams.get('code')!;
    const lookup = await call(t.app, 'GET', `/api/attendees/${code}`, { token });
    expect(lookup.status).toBe(200);
    expect(lookup.body.data.email).toBe('r@example.com');
    expect(lookup.body.data.name).toBe('Ada Lovelace');
  });

  it('has no redirect_url when the event has none', async () => {
    const res = await call(t.app, 'POST', url(event, '/register'), { body: registration('n@example.com') });
    expect(res.body).not.toHaveProperty('redirect_url');
  });

  it('404 for an unknown event', async () => {
    const res = await call(t.app, 'POST', url({ uuid: 'missing' }, '/register'), {
      body: registration('a@b.co'),
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Event not found.' });
  });
});

describe('GET /public/events/{uuid}/check', () => {
  it('reports a registered email with its attendee', async () => {
    const reg = await call(t.app, 'POST', url(event, '/register'), { body: registration('c@example.com') });
    const res = await call(t.app, 'GET', url(event, '/check?email=C%40EXAMPLE.com'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        is_registered: true,
        attendee: {
          id: reg.body.data.id,
          name: 'Ada Lovelace',
          email: 'c@example.com',
          status: 'confirmed',
          checked_in_at: null,
        },
      },
    });
  });

  it('reports an unknown email as not registered', async () => {
    const res = await call(t.app, 'GET', url(event, '/check?email=nobody%40example.com'));
    expect(res.body).toEqual({ data: { is_registered: false, attendee: null } });
  });

  it('shows a cancelled registration as cancelled; a live one wins over an older cancelled one', async () => {
    const first = await call(t.app, 'POST', url(event, '/register'), {
      body: registration('gone@example.com'),
    });
    await call(t.app, 'POST', url(event, '/cancel'), { body: { email: 'gone@example.com' } });
    const cancelled = await call(t.app, 'GET', url(event, '/check?email=gone%40example.com'));
    expect(cancelled.body).toEqual({
      data: {
        is_registered: true,
        attendee: {
          id: first.body.data.id,
          name: 'Ada Lovelace',
          email: 'gone@example.com',
          status: 'canceled',
          checked_in_at: null,
        },
      },
    });

    const again = await call(t.app, 'POST', url(event, '/register'), {
      body: registration('gone@example.com'),
    });
    const live = await call(t.app, 'GET', url(event, '/check?email=gone%40example.com'));
    expect(live.body.data).toMatchObject({
      is_registered: true,
      attendee: { id: again.body.data.id, status: 'confirmed' },
    });
  });

  it('never shows no_show: a no-show shows the status it had before it was marked', async () => {
    const token = createToken(t.app, org);
    const approval = createEvent(t.app, org, {
      requires_approval: true,
      registration_fields: event.registrationFields,
    });
    for (const [target, email] of [
      [event, 'late@example.com'],
      [approval, 'waiting@example.com'],
    ] as const) {
      const reg = await call(t.app, 'POST', url(target, '/register'), { body: registration(email) });
      const uuid = t.app.store.repos.attendees.findForEmail(target.id, email)!.uuid;
      const marked = await call(t.app, 'POST', `/api/events/${target.uuid}/attendees/${uuid}/no-show`, {
        token,
      });
      expect(marked.status).toBe(200);
      const check = await call(t.app, 'GET', url(target, `/check?email=${encodeURIComponent(email)}`));
      expect(check.body.data.attendee.status).toBe(reg.body.data.status);
      expect(['confirmed', 'pending']).toContain(check.body.data.attendee.status);
      // The authenticated lookup still says no_show.
      const lookup = await call(t.app, 'GET', `/api/attendees/${uuid}`, { token });
      expect(lookup.body.data.status).toBe('no_show');
    }
  });

  it('422 Email is required. without an email', async () => {
    for (const query of ['', '?email=', '?email=%20']) {
      const res = await call(t.app, 'GET', url(event, `/check${query}`));
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        message: 'Email is required.',
        errors: { email: ['The email field is required.'] },
      });
    }
  });

  it('422 for a malformed email or one over 254 characters (the one email rule); 254 is looked up', async () => {
    const at = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
    for (const email of ['not-an-email', 'a@@example.com', at(255)]) {
      const res = await call(t.app, 'GET', url(event, `/check?email=${encodeURIComponent(email)}`));
      expect(res.status, email).toBe(422);
      expect(res.body).toEqual({
        message: 'Validation failed.',
        errors: { email: ['The email field must be a valid email address.'] },
      });
    }
    const longest = await call(t.app, 'GET', url(event, `/check?email=${at(254)}`));
    expect(longest.status).toBe(200);
    expect(longest.body).toEqual({ data: { is_registered: false, attendee: null } });
  });

  it('404 Event not found. for an unknown event', async () => {
    const res = await call(t.app, 'GET', url({ uuid: 'missing' }, '/check?email=a@b.co'));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Event not found.' });
  });
});
