import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import { COMMON_EMAIL_DOMAINS } from '../../server/attendees/find-by-name.rules.ts';
import {
  call,
  createEvent,
  createOrganization,
  createUser,
  registration,
  startWithEvent,
  UNLIMITED,
  type TestApp,
} from '../helpers/app.ts';
import { COMPANY_FORM } from '../helpers/fields.ts';

let t: TestApp;
let org: Organization;
let event: EventRecord;

/** Other companies' domains, from the organization's people: what an organisation's domain hides among. */
const PEOPLE_DOMAINS = ['acme.io', 'initech.com', 'globex.fr', 'umbrella.de'];

beforeEach(async () => {
  ({ t, org, event } = await startWithEvent({ timezone: 'Europe/Paris', registration_fields: COMPANY_FORM }));
  for (const domain of PEOPLE_DOMAINS) createUser(t.app, org, { email: `someone@${domain}` });
});
afterEach(async () => t.close());

const register = (e: EventRecord, email: string, first: string, last: string, extra = {}) =>
  call(t.app, 'POST', `/public/events/${e.uuid}/register`, {
    body: registration(email, { first_name: first, last_name: last, ...extra }),
  });

const find = (e: EventRecord, name: unknown, remoteAddress?: string) =>
  call(t.app, 'POST', `/kiosk/api/events/${e.uuid}/find`, {
    body: { name },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const confirm = (e: EventRecord, handle: unknown, domain: unknown, remoteAddress?: string) =>
  call(t.app, 'POST', `/kiosk/api/events/${e.uuid}/find/check-in`, {
    body: { handle, domain },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

interface Match {
  handle: string | null;
  name: string;
  email: string;
  domains: string[];
}

/** The one match a name finds. */
async function onlyMatch(e: EventRecord, name: string): Promise<Match> {
  const res = await find(e, name);
  expect(res.status).toBe(200);
  expect(res.body.data.matches).toHaveLength(1);
  return res.body.data.matches[0] as Match;
}

describe('finding oneself by name', () => {
  it('answers masked matches: first name and initial, the first letter of the email, the domain among decoys', async () => {
    await register(event, 'helene.fontaine@nestle.com', 'Hélène', 'Fontaine', { company: 'Nestlé' });
    await register(event, 'jean@fontaine-conseil.fr', 'Jean', 'Fontaine');
    await register(event, 'ada@example.com', 'Ada', 'Lovelace');

    const res = await find(event, 'Fontaine');
    expect(res.status).toBe(200);
    expect(res.body.data.too_many).toBe(false);
    const matches = res.body.data.matches as Match[];
    expect(matches.map(({ name, email }) => ({ name, email }))).toEqual([
      { name: 'Hélène F.', email: 'h•••@•••' },
      { name: 'Jean F.', email: 'j•••@•••' },
    ]);
    expect(matches[0]!.domains).toHaveLength(4);
    expect(matches[0]!.domains).toContain('nestle.com');
    expect(matches[1]!.domains).toContain('fontaine-conseil.fr');
    for (const match of matches) {
      expect(match.domains).toEqual([...match.domains].sort());
      expect(match.handle).toMatch(/^[0-9A-Za-z]{24}$/);
    }
    // Nothing of anyone's address beyond its first letter and its domain among others, nor a UUID or a code.
    const text = JSON.stringify(res.body);
    for (const secret of ['helene.fontaine', 'jean@', 'ada', 'Nestlé']) expect(text).not.toContain(secret);
    for (const row of t.app.store.db.prepare('SELECT uuid, checkin_code FROM attendees').all() as {
      uuid: string;
      checkin_code: string;
    }[]) {
      expect(text).not.toContain(row.uuid);
      expect(text).not.toContain(row.checkin_code);
    }
  });

  it("hides a company domain nobody else has among other companies' domains, never webmail only", async () => {
    for (let i = 0; i < 8; i++) await register(event, `p${i}@gmail.com`, `P${i}`, `Webmail${i}`);
    await register(event, 'zoe@zeta-widgets.com', 'Zoé', 'Zeta');
    const loner = await onlyMatch(event, 'zeta');
    expect(loner.domains).toContain('zeta-widgets.com');
    // Before, its decoys were webmail and the event's shared domains: it was the odd one out every time.
    for (const domain of loner.domains) expect(COMMON_EMAIL_DOMAINS).not.toContain(domain);
    for (const domain of loner.domains.filter((d) => d !== 'zeta-widgets.com')) {
      expect(PEOPLE_DOMAINS).toContain(domain);
    }
    // And an address at a mail provider gets mail providers.
    for (const domain of (await onlyMatch(event, 'webmail3')).domains)
      expect(COMMON_EMAIL_DOMAINS).toContain(domain);
  });

  it('offers no domain to choose, and no way to check in by name, when too few others hide it', async () => {
    const alone = createOrganization(t.app, 'Small Club');
    const small = createEvent(t.app, alone, { timezone: 'Europe/Paris' });
    await register(small, 'ada@example.com', 'Ada', 'Lovelace');
    await register(small, 'bob@bobs-bakery.fr', 'Bob', 'Baker');
    const match = await onlyMatch(small, 'lovelace');
    expect(match).toEqual({ handle: null, name: 'Ada L.', email: 'a•••@•••', domains: [] });
  });

  it('shows the same domains for the same person at every search, so searching again reveals nothing', async () => {
    for (let i = 0; i < 6; i++) await register(event, `p${i}@acme.io`, `P${i}`, `Other${i}`);
    await register(event, 'helene@nestle.com', 'Hélène', 'Fontaine');
    const first = await onlyMatch(event, 'fontaine');
    const again = await onlyMatch(event, 'FONTAINE');
    expect(again.domains).toEqual(first.domains);
    expect(again.handle).not.toBe(first.handle);
  });

  it('ignores accents and case, matches a whole word of the last name, and a first name narrows it', async () => {
    await register(event, 'francois@example.fr', 'François', 'Lefèvre');
    await register(event, 'marie@example.fr', 'Marie', 'de La Fontaine-Lefèvre');
    await register(event, 'ob@example.ie', 'Seán', "O'Brien");

    expect((await find(event, 'lefevre')).body.data.matches).toHaveLength(2);
    expect((await find(event, '  LEFÈVRE  ')).body.data.matches).toHaveLength(2);
    expect((await onlyMatch(event, 'francois lefevre')).name).toBe('François L.');
    expect((await onlyMatch(event, 'Lefevre Marie')).name).toBe('Marie D.');
    expect((await onlyMatch(event, 'de la fontaine')).name).toBe('Marie D.');
    expect((await onlyMatch(event, "o'brien")).name).toBe('Seán O.');
    expect((await onlyMatch(event, 'O Brien')).name).toBe('Seán O.');
    // A part of a word, or a first name alone, finds nobody.
    expect((await find(event, 'lefe')).body.data.matches).toEqual([]);
    expect((await find(event, 'françois')).body.data.matches).toEqual([]);
    expect((await find(event, 'Smith')).body.data).toEqual({ matches: [], too_many: false });
  });

  it('lists an email once: its live registration rather than a cancelled one', async () => {
    await register(event, 'ada@example.com', 'Ada', 'Lovelace');
    await call(t.app, 'POST', `/public/events/${event.uuid}/cancel`, { body: { email: 'ada@example.com' } });
    await register(event, 'ada@example.com', 'Ada', 'Lovelace');
    const match = await onlyMatch(event, 'Lovelace');
    expect((await confirm(event, match.handle, 'example.com')).status).toBe(200);
  });

  it('lists nobody when more than five match, and says to be more specific', async () => {
    for (let i = 0; i < 6; i++) await register(event, `m${i}@example.com`, `Name${i}`, 'Martin');
    expect((await find(event, 'martin')).body.data).toEqual({ matches: [], too_many: true });
    expect((await onlyMatch(event, 'martin name3')).name).toBe('Name3 M.');

    await call(t.app, 'POST', `/public/events/${event.uuid}/cancel`, { body: { email: 'm0@example.com' } });
    // Five left, and the cancelled one still shows (its check-in says it is cancelled): six.
    expect((await find(event, 'martin')).body.data.too_many).toBe(true);
  });

  it('refuses bad input in the interface shape: too short, too long, missing, not JSON', async () => {
    const short = await find(event, ' x- ');
    expect(short.status).toBe(422);
    expect(short.body).toEqual({
      message: 'Validation failed.',
      errors: { name: ['The name field must be at least 2 characters.'] },
    });
    const long = await find(event, 'x'.repeat(101));
    expect(long.status).toBe(422);
    expect(long.body.errors.name).toEqual(['The name field must not be greater than 100 characters.']);
    expect((await find(event, undefined)).body.errors).toEqual({ name: ['The name field is required.'] });
    expect((await find(event, 42)).body.errors).toEqual({ name: ['The name field must be a string.'] });
    const malformed = await t.app.inject({
      method: 'POST',
      url: `/kiosk/api/events/${event.uuid}/find`,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The request body is not valid JSON.' });
    const missing = await confirm(event, '', 'example.com');
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ handle: ['The handle field is required.'] });
    expect((await find(createEvent(t.app, org, { is_published: false }), 'Lovelace')).body).toEqual({
      message: 'Event not found.',
    });
  });

  it('lists nobody while the kiosk takes no self check-ins, with self check-in refusals', async () => {
    await register(event, 'ada@example.com', 'Ada', 'Lovelace');
    const closed = createEvent(t.app, org, { checkin_period_type: 'disabled' });
    const staffOnly = createEvent(t.app, org, { allow_self_checkin: false });
    expect(await find(closed, 'Lovelace')).toMatchObject({
      status: 403,
      body: { message: 'Check-in is not available for this event.' },
    });
    expect(await find(staffOnly, 'Lovelace')).toMatchObject({
      status: 403,
      body: { message: 'Self check-in is not enabled for this event. Please check in with event staff.' },
    });
  });
});

describe('checking in as a match found by name', () => {
  it('checks in with the right domain, answering as a scan does (name, company, time; no email)', async () => {
    await register(event, 'helene@Nestle.com', 'Hélène', 'Fontaine', { company: 'Nestlé' });
    const match = await onlyMatch(event, 'fontaine');
    const res = await confirm(event, match.handle, 'NESTLE.COM');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Check-in successful.',
      data: {
        id: expect.any(Number),
        name: 'Hélène Fontaine',
        company: 'Nestlé',
        checked_in_at: '2026-11-21T10:00:00+00:00',
      },
    });
    expect(t.app.store.repos.attendees.findForEmail(event.id, 'helene@nestle.com')!.checkedInAt).toBe(
      '2026-11-21T10:00:00+00:00',
    );
    // A handle is good once.
    expect(await confirm(event, match.handle, 'nestle.com')).toMatchObject({
      status: 404,
      body: { message: 'This search has expired. Please search for your name again.' },
    });
  });

  it('answers every outcome of self check-in: already checked in at TIME, cancelled, pending, not open', async () => {
    await register(event, 'ada@example.com', 'Ada', 'Lovelace');
    await call(t.app, 'POST', `/public/events/${event.uuid}/check-in`, {
      body: { email: 'ada@example.com' },
    });
    expect(await confirm(event, (await onlyMatch(event, 'lovelace')).handle, 'example.com')).toMatchObject({
      status: 409,
      body: { message: 'You have already checked in at Nov 21, 2026 11:00 AM.' },
    });

    await register(event, 'grace@example.com', 'Grace', 'Hopper');
    await call(t.app, 'POST', `/public/events/${event.uuid}/cancel`, {
      body: { email: 'grace@example.com' },
    });
    expect(await confirm(event, (await onlyMatch(event, 'hopper')).handle, 'example.com')).toMatchObject({
      status: 403,
      body: { message: 'Your registration has been cancelled. Please see event staff.' },
    });

    const approval = createEvent(t.app, org, { requires_approval: true });
    await register(approval, 'alan@example.com', 'Alan', 'Turing');
    expect(
      await confirm(approval, (await onlyMatch(approval, 'turing')).handle, 'example.com'),
    ).toMatchObject({
      status: 403,
      body: { message: 'Your registration is awaiting approval. Please check in with event staff.' },
    });

    // Found while open, confirmed after check-in closed: the event's refusal, and nobody checked in.
    const window = createEvent(t.app, org, {
      checkin_period_type: 'date_range',
      checkin_starts_at: '2026-11-21T09:00:00+00:00',
      checkin_ends_at: '2026-11-21T10:03:00+00:00',
    });
    await register(window, 'kat@example.com', 'Katherine', 'Johnson');
    const match = await onlyMatch(window, 'johnson');
    t.clock.advance(4 * 60_000);
    expect(await confirm(window, match.handle, 'example.com')).toMatchObject({
      status: 403,
      body: { message: 'Check-in is not available for this event.' },
    });
    expect(t.app.store.repos.attendees.findForEmail(window.id, 'kat@example.com')!.checkedInAt).toBeNull();
  });

  it('refuses a wrong domain, spends the handle and sends that registration to staff for 15 minutes', async () => {
    await register(event, 'ada@example.com', 'Ada', 'Lovelace');
    const match = await onlyMatch(event, 'lovelace');
    const wrong = match.domains.find((domain) => domain !== 'example.com')!;
    const refused = await confirm(event, match.handle, wrong);
    expect(refused).toMatchObject({
      status: 403,
      body: { message: 'That is not the email address of this registration. Please see event staff.' },
    });
    // Searching again gives a fresh handle, but the right domain is refused too: no second guess.
    expect(await confirm(event, (await onlyMatch(event, 'lovelace')).handle, 'example.com')).toMatchObject({
      status: 403,
      body: { message: 'That is not the email address of this registration. Please see event staff.' },
    });
    expect(t.app.store.repos.attendees.findForEmail(event.id, 'ada@example.com')!.checkedInAt).toBeNull();

    t.clock.advance(15 * 60_000);
    expect((await confirm(event, (await onlyMatch(event, 'lovelace')).handle, 'example.com')).status).toBe(
      200,
    );
  });

  it('pauses the name path of a kiosk that chose three wrong domains, for that kiosk only', async () => {
    const wrongTry = async (last: string, kiosk: string) => {
      await register(event, `${last.toLowerCase()}@example.com`, 'Someone', last);
      const match = await find(event, last, kiosk);
      const { handle, domains } = match.body.data.matches[0] as Match;
      return confirm(
        event,
        handle,
        domains.find((d) => d !== 'example.com'),
        kiosk,
      );
    };
    for (const last of ['Alpha', 'Bravo', 'Charlie']) {
      expect((await wrongTry(last, '192.0.2.7')).status).toBe(403);
    }
    await register(event, 'ada@example.com', 'Ada', 'Lovelace');
    const paused = {
      status: 429,
      body: { message: 'Too many wrong answers at this kiosk. Please see event staff.' },
    };
    const search = await find(event, 'Lovelace', '192.0.2.7');
    expect(search).toMatchObject(paused);
    expect(search.headers['retry-after']).toBe('900');
    // Another kiosk goes on; a handle it got cannot be used from the paused one either.
    const elsewhere = (await find(event, 'Lovelace', '192.0.2.8')).body.data.matches[0] as Match;
    expect(await confirm(event, elsewhere.handle, 'example.com', '192.0.2.7')).toMatchObject(paused);
    t.clock.advance(15 * 60_000);
    const again = (await find(event, 'Lovelace', '192.0.2.7')).body.data.matches[0] as Match;
    expect((await confirm(event, again.handle, 'example.com', '192.0.2.7')).status).toBe(200);
  });

  it('never hands the check-in code to whoever checked someone in by name, asking for the badge by email', async () => {
    await register(event, 'helene@nestle.com', 'Hélène', 'Fontaine', { company: 'Nestlé' });
    const match = await onlyMatch(event, 'fontaine');
    expect((await confirm(event, match.handle, 'nestle.com')).status).toBe(200);
    const code = t.app.store.repos.attendees.findForEmail(event.id, 'helene@nestle.com')!.checkinCode;
    const badge = (body: object) => call(t.app, 'POST', `/kiosk/api/events/${event.uuid}/badge`, { body });
    const byEmail = await badge({ email: 'helene@nestle.com' });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.data).toMatchObject({ name: 'Hélène Fontaine', checkin_code: null });
    expect(JSON.stringify(byEmail.body)).not.toContain(code);
    // Whoever shows the code has it already.
    expect((await badge({ code: `ARV1:${code}` })).body.data.checkin_code).toBe(code);

    // Checked in by email, the badge asked by email carries it, as it always did.
    await register(event, 'jean@fontaine-conseil.fr', 'Jean', 'Fontaine');
    await call(t.app, 'POST', `/public/events/${event.uuid}/check-in`, {
      body: { email: 'jean@fontaine-conseil.fr' },
    });
    const jean = t.app.store.repos.attendees.findForEmail(event.id, 'jean@fontaine-conseil.fr')!;
    expect((await badge({ email: 'jean@fontaine-conseil.fr' })).body.data.checkin_code).toBe(
      jean.checkinCode,
    );
  });

  it("refuses an expired handle, another event's, and one never issued", async () => {
    await register(event, 'ada@example.com', 'Ada', 'Lovelace');
    const other = createEvent(t.app, org);
    const expired = {
      status: 404,
      body: { message: 'This search has expired. Please search for your name again.' },
    };

    expect(await confirm(other, (await onlyMatch(event, 'lovelace')).handle, 'example.com')).toMatchObject(
      expired,
    );
    expect(await confirm(event, 'NeverIssued0000000000000', 'example.com')).toMatchObject(expired);
    const match = await onlyMatch(event, 'lovelace');
    t.clock.advance(5 * 60_000);
    expect(await confirm(event, match.handle, 'example.com')).toMatchObject(expired);
  });
});

describe('the find limit', () => {
  beforeEach(async () => {
    await t.close();
    ({ t, org, event } = await startWithEvent({}, { rateLimits: { ...UNLIMITED, kioskScan: 3 } }));
  });

  it('counts searches and their check-ins per IP, each on its own, 429 above the limit', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await find(event, `Name${i}`, '192.0.2.7');
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('3');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    const refused = await find(event, 'Lovelace', '192.0.2.7');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too Many Attempts.' });
    expect((await find(event, 'Lovelace', '192.0.2.8')).status).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await confirm(event, `h${i}`, 'example.com', '192.0.2.7')).status).toBe(404);
    expect((await confirm(event, 'h4', 'example.com', '192.0.2.7')).status).toBe(429);

    t.clock.advance(60_000);
    expect((await find(event, 'Lovelace', '192.0.2.7')).status).toBe(200);
  });
});
