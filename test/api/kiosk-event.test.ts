import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Organization } from '../../server/organizations/organization.types.ts';
import { call, createEvent, createOrganization, startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let org: Organization;

// The test clock reads 2026-11-21T10:00:00Z.
beforeEach(async () => {
  t = await startTestApp({ kioskDir: false });
  org = createOrganization(t.app, 'City Hall');
});
afterEach(async () => t.close());

describe('GET /public/events/{uuid}/kiosk', () => {
  it("is the public event with the event's zone and times", async () => {
    const event = createEvent(t.app, org, {
      name: 'Paris Summit',
      location: 'Palais des Congrès',
      timezone: 'Europe/Paris',
      starts_at: '2026-11-21T09:00:00+01:00',
      ends_at: '2026-11-21T19:00:00+01:00',
      registration_opens_at: '2026-11-01T00:00:00Z',
    });
    const [kiosk, plain] = await Promise.all([
      call(t.app, 'GET', `/public/events/${event.uuid}/kiosk`),
      call(t.app, 'GET', `/public/events/${event.uuid}`),
    ]);
    expect(kiosk.status).toBe(200);
    expect(kiosk.body.data).toEqual({
      ...plain.body.data,
      // The same fields with their French labels, which the interface's answer leaves out.
      registration_fields: [
        { key: 'email', label: 'Email', label_fr: 'E-mail', type: 'email', required: true },
        { key: 'first_name', label: 'First name', label_fr: 'Prénom', type: 'text', required: true },
        { key: 'last_name', label: 'Last name', label_fr: 'Nom', type: 'text', required: true },
        { key: 'company', label: 'Company', label_fr: 'Entreprise', type: 'text', required: false },
      ],
      timezone: 'Europe/Paris',
      starts_at: '2026-11-21T08:00:00+00:00',
      ends_at: '2026-11-21T18:00:00+00:00',
      location: 'Palais des Congrès',
      // Already open: nothing ahead to announce.
      registration_opens_at: null,
      checkin_opens_at: null,
      // No brand chosen: the kiosk's own colour, no logo.
      accent_color: null,
      logo_url: null,
    });
  });

  it('says when check-in and registration open while that is still ahead', async () => {
    const event = createEvent(t.app, org, {
      checkin_period_type: 'date_range',
      checkin_starts_at: '2026-11-21T12:30:00Z',
      checkin_ends_at: '2026-11-21T20:00:00Z',
      registration_opens_at: '2026-11-21T11:00:00Z',
    });
    const before = await call(t.app, 'GET', `/public/events/${event.uuid}/kiosk`);
    expect(before.body.data).toMatchObject({
      is_checkin_allowed: false,
      checkin_opens_at: '2026-11-21T12:30:00+00:00',
      is_registration_open: false,
      registration_opens_at: '2026-11-21T11:00:00+00:00',
    });

    t.clock.set('2026-11-21T12:30:00Z');
    const after = await call(t.app, 'GET', `/public/events/${event.uuid}/kiosk`);
    expect(after.body.data).toMatchObject({
      is_checkin_allowed: true,
      checkin_opens_at: null,
      is_registration_open: true,
      registration_opens_at: null,
    });
  });

  it('never announces an opening for check-in that is off or immediate', async () => {
    for (const checkin_period_type of ['disabled', 'immediate'] as const) {
      const event = createEvent(t.app, org, {
        checkin_period_type,
        checkin_starts_at: '2026-11-22T09:00:00Z',
      });
      const res = await call(t.app, 'GET', `/public/events/${event.uuid}/kiosk`);
      expect(res.body.data.checkin_opens_at).toBeNull();
    }
  });

  it('answers 404 for an unpublished event, like the event details', async () => {
    const hidden = createEvent(t.app, org, { is_published: false });
    const res = await call(t.app, 'GET', `/public/events/${hidden.uuid}/kiosk`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Event not found or not available.' });
  });

  it('counts against the public event limit', async () => {
    await t.close();
    t = await startTestApp({ kioskDir: false, rateLimits: { publicEvents: 1 } });
    const event = createEvent(t.app, createOrganization(t.app), {});
    expect((await call(t.app, 'GET', `/public/events/${event.uuid}/kiosk`)).status).toBe(200);
    expect((await call(t.app, 'GET', `/public/events/${event.uuid}/kiosk`)).status).toBe(429);
  });
});
