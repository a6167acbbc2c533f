import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../server/contract/vocabulary.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import {
  call,
  createEvent,
  createOrganization,
  createToken,
  startWithEvent,
  type TestApp,
} from '../helpers/app.ts';
import { dashboardClient, signedInMember } from '../helpers/dashboard.ts';

let t: TestApp;
let org: Organization;
let event: EventRecord;

beforeEach(async () => {
  ({ t, org, event } = await startWithEvent());
});
afterEach(async () => t.close());

const signedIn = (role: StaffRole) => signedInMember(t.app, org, role);

describe("an event's badge layout", () => {
  it('is classic until an owner picks another, and staff read it for the desk', async () => {
    const staff = await signedIn('staff');
    expect((await staff.send('GET', `/events/${event.uuid}/badge`)).body).toEqual({
      data: { layout: 'classic' },
    });

    const owner = await signedIn('owner');
    const changed = await owner.send('PATCH', `/events/${event.uuid}/badge`, { layout: 'side_qr' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ data: { layout: 'side_qr' } });
    expect((await staff.send('GET', `/events/${event.uuid}/badge`)).body).toEqual({
      data: { layout: 'side_qr' },
    });
  });

  it('is chosen by owners only, among the layouts there are', async () => {
    const staff = await signedIn('staff');
    expect((await staff.send('PATCH', `/events/${event.uuid}/badge`, { layout: 'name_only' })).status).toBe(
      403,
    );
    const owner = await signedIn('owner');
    const unknown = await owner.send('PATCH', `/events/${event.uuid}/badge`, { layout: 'poster' });
    expect(unknown.status).toBe(422);
    expect((await owner.send('GET', `/events/${event.uuid}/badge`)).body.data.layout).toBe('classic');
    const elsewhere = createEvent(t.app, createOrganization(t.app, 'Elsewhere'));
    expect((await owner.send('GET', `/events/${elsewhere.uuid}/badge`)).status).toBe(404);
    expect((await dashboardClient(() => t.app).send('GET', `/events/${event.uuid}/badge`)).status).toBe(401);
  });

  it("leaves the interface's event as it was", async () => {
    const owner = await signedIn('owner');
    await owner.send('PATCH', `/events/${event.uuid}/badge`, { layout: 'name_only' });
    const shown = await call(t.app, 'GET', `/api/events/${event.uuid}`, { token: createToken(t.app, org) });
    expect(shown.status).toBe(200);
    expect(shown.body.data).not.toHaveProperty('badge_layout');
    expect(Object.keys(shown.body.data)).not.toContain('layout');
  });
});
