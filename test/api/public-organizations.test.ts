import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, createEvent, createOrganization, startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;

beforeEach(async () => {
  t = await startTestApp({ kioskDir: false });
});
afterEach(async () => t.close());

describe('GET /public/organizations', () => {
  it('lists the organizations that have published events, by name and slug only', async () => {
    const cityHall = createOrganization(t.app, 'City Hall');
    createEvent(t.app, cityHall);
    const draftsOnly = createOrganization(t.app, 'Drafts Only');
    createEvent(t.app, draftsOnly, { is_published: false });

    const res = await call(t.app, 'GET', '/public/organizations');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [{ name: 'City Hall', slug: cityHall.slug }] });
  });
});

describe('GET /public/organizations/{slug}/events', () => {
  it("returns the organization's published events, soonest first, and never a draft", async () => {
    const organization = createOrganization(t.app, 'City Hall');
    const later = createEvent(t.app, organization, {
      name: 'Closing Party',
      starts_at: '2026-12-01T19:00:00Z',
      ends_at: '2026-12-01T23:00:00Z',
      location: 'Roof',
    });
    const sooner = createEvent(t.app, organization, {
      name: 'Launch Night',
      starts_at: '2026-11-21T18:00:00Z',
      timezone: 'Europe/Paris',
    });
    createEvent(t.app, organization, { name: 'Draft', is_published: false });

    const res = await call(t.app, 'GET', `/public/organizations/${organization.slug}/events`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        {
          id: sooner.uuid,
          name: 'Launch Night',
          description: '',
          starts_at: '2026-11-21T18:00:00+00:00',
          ends_at: null,
          location: null,
          timezone: 'Europe/Paris',
        },
        {
          id: later.uuid,
          name: 'Closing Party',
          description: '',
          starts_at: '2026-12-01T19:00:00+00:00',
          ends_at: '2026-12-01T23:00:00+00:00',
          location: 'Roof',
          timezone: 'UTC',
        },
      ],
    });
  });

  it('is 404 with a message for an unknown organization', async () => {
    const res = await call(t.app, 'GET', '/public/organizations/nobody/events');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Organization not found.' });
  });

  it('counts against the public event limit', async () => {
    await t.close();
    t = await startTestApp({ kioskDir: false, rateLimits: { publicEvents: 1 } });
    expect((await call(t.app, 'GET', '/public/organizations')).status).toBe(200);
    const limited = await call(t.app, 'GET', '/public/organizations');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Too Many Attempts.' });
  });
});
