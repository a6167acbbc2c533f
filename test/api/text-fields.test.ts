import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import { call, createToken, registration, startWithEvent, type TestApp } from '../helpers/app.ts';
import { signedInMember } from '../helpers/dashboard.ts';

/**
 * Text that is not text: a NUL (which C strings, terminals, CSV tools and printers cut at) and a lone UTF-16
 * surrogate (no UTF-8 can hold it: stored, it silently becomes U+FFFD or breaks whoever reads it back). Every text
 * field refuses both with the interface's 422 shape, before anything is stored, wherever it arrives: a body, a
 * nested answer, a query, a path.
 */
const NUL = 'Ada\u0000Lovelace';
const LONE_HIGH = 'Ada \ud83d';
const LONE_LOW = '\udc00Ada';
const NOT_TEXT = (field: string) =>
  `The ${field} field must not contain a NUL character or an unpaired surrogate.`;

let t: TestApp;
let org: Organization;
let event: EventRecord;

beforeEach(async () => {
  ({ t, org, event } = await startWithEvent());
});
afterEach(async () => t.close());

describe('text fields', () => {
  it.each([
    ['a NUL', NUL],
    ['a lone high surrogate', LONE_HIGH],
    ['a lone low surrogate', LONE_LOW],
  ])('refuse %s in a public registration, under the field, and store nothing', async (_, bad) => {
    const res = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('ada@example.com', { first_name: bad }),
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'Validation failed.',
      errors: { first_name: [NOT_TEXT('first name')] },
    });
    expect(t.app.store.repos.attendees.findForEmail(event.id, 'ada@example.com')).toBeNull();
  });

  it('keep text that is whole: emoji (surrogate pairs), accents and other control-free scripts pass', async () => {
    const res = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('ada@example.com', { first_name: 'Adà 🎉 李', last_name: 'Lovelace' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(t.app.store.repos.attendees.findForEmail(event.id, 'ada@example.com')!.answers.first_name).toBe(
      'Adà 🎉 李',
    );
  });

  it('are refused wherever they sit: another field, a query, an API body, a dashboard form', async () => {
    const email = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration(`ada${'\u0000'}@example.com`),
    });
    expect(email.status).toBe(422);
    expect(email.body.errors).toEqual({ email: [NOT_TEXT('email')] });

    const check = await call(
      t.app,
      'GET',
      `/public/events/${event.uuid}/check?email=${encodeURIComponent('ada@example.com\u0000')}`,
    );
    expect(check.status).toBe(422);
    expect(check.body).toEqual({ message: 'Validation failed.', errors: { email: [NOT_TEXT('email')] } });

    const token = createToken(t.app, org);
    const user = await call(t.app, 'POST', '/api/users', {
      token,
      body: { email: 'grace@example.com', first_name: LONE_HIGH },
    });
    expect(user.status).toBe(422);
    expect(user.body.errors).toEqual({ first_name: [NOT_TEXT('first name')] });
    expect(t.app.store.repos.users.findByEmail(org.id, 'grace@example.com')).toBeNull();

    const owner = await signedInMember(t.app, org, 'owner');
    const renamed = await owner.send('PATCH', `/events/${event.uuid}`, { name: `Launch${'\u0000'}Night` });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors).toEqual({ name: [NOT_TEXT('name')] });
    expect(t.app.store.repos.events.findByUuid(event.uuid)!.name).toBe(event.name);

    // (A query cannot carry a lone surrogate: UTF-8 percent-escapes have none.)
    const search = await owner.send('GET', `/events/${event.uuid}/attendees?q=Ada%00`);
    expect(search.status).toBe(422);
    expect(search.body.errors).toEqual({ q: [NOT_TEXT('q')] });
  });

  it('name the key of a bad nested value, and refuse a bad key too', async () => {
    const owner = await signedInMember(t.app, org, 'owner');
    const fields = [
      { key: 'email', label: 'Email', type: 'email', required: true },
      { key: 'company', label: `Com${'\ud800'}pany`, type: 'text', required: false },
    ];
    const res = await owner.send('PATCH', `/events/${event.uuid}`, { registration_fields: fields });
    expect(res.status).toBe(422);
    // The form's own naming (events/field-names.rules.ts), without quoting back a label that is not text.
    expect(res.body.errors).toEqual({
      'registration_fields.1.label': [
        'The label of field 2 must not contain a NUL character or an unpaired surrogate.',
      ],
    });

    const badKey = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: { ...registration('ada@example.com'), [`x${'\u0000'}`]: 'y' },
    });
    expect(badKey.status).toBe(422);
    expect(badKey.body.errors).toEqual({ 'x\u0000': [NOT_TEXT('x\u0000')] });
  });

  it('are found however deep they sit, and deep text that is whole passes', async () => {
    // Twelve levels: deeper than the first look without allocations (platform/validation.ts) goes.
    const nested = (leaf: unknown) =>
      Array.from({ length: 12 }, (_, level) => `l${level}`).reduceRight<unknown>(
        (inner, key) => ({ [key]: inner }),
        [leaf],
      );
    const deep = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: { ...registration('ada@example.com'), extra: nested(NUL) },
    });
    expect(deep.status).toBe(422);
    expect(Object.keys(deep.body.errors)).toEqual(['extra.l0.l1.l2.l3.l4.l5.l6.l7.l8.l9.l10.l11.0']);
    expect(t.app.store.repos.attendees.findForEmail(event.id, 'ada@example.com')).toBeNull();

    const whole = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: { ...registration('ada@example.com'), extra: nested('Adà 🎉 李') },
    });
    expect(whole.status, JSON.stringify(whole.body)).toBe(201);
  });
});
