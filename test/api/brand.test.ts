import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../server/contract/vocabulary.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import {
  call,
  createEvent,
  createOrganization,
  registration,
  startWithEvent,
  type TestApp,
} from '../helpers/app.ts';
import { dashboardClient, signedInMember, type DashboardClient } from '../helpers/dashboard.ts';

/** A 1x1 PNG and a JPEG's first segments: what the server reads (its type, and its size from the header). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A PNG's signature and IHDR chunk for an image of `width` x `height`, then its end: no pixels are needed. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)]);
  };
  return Buffer.concat([PNG.subarray(0, 8), chunk('IHDR', ihdr), chunk('IEND', Buffer.alloc(0))]);
}

/** A JPEG's start, a JFIF segment, an EXIF-like segment, then a baseline frame header of `width` x `height`. */
function jpegHeader(width: number, height: number, frameMarker = 0xc0): Buffer {
  const segment = (marker: number, data: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(data.length + 2, 2);
    return Buffer.concat([head, data]);
  };
  const frame = Buffer.from([8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    // An APP1 segment (EXIF) carrying bytes that look like a frame header of its own must be skipped whole.
    segment(0xe1, Buffer.from([0xff, 0xc0, 0, 11, 8, 0, 1, 0, 1, 1, 1])),
    segment(frameMarker, frame),
    Buffer.from([0xff, 0xd9]),
  ]);
}
const JPEG = jpegHeader(640, 480);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

let t: TestApp;
let org: Organization;
let event: EventRecord;

beforeEach(async () => {
  ({ t, org, event } = await startWithEvent());
});
afterEach(async () => t.close());

const signedIn = (role: StaffRole) => signedInMember(t.app, org, role);

const upload = (client: DashboardClient, bytes: Buffer, uuid = event.uuid) =>
  client.send('PUT', `/events/${uuid}/brand/logo`, { image: bytes.toString('base64') });

const kioskEvent = async () => (await call(t.app, 'GET', `/public/events/${event.uuid}/kiosk`)).body.data;

describe("an event's accent colour", () => {
  it('is set by an owner, stored lower case, and shown on the kiosk', async () => {
    const owner = await signedIn('owner');
    expect(await kioskEvent()).toMatchObject({ accent_color: null, logo_url: null });

    const set = await owner.send('PATCH', `/events/${event.uuid}/brand`, { accent_color: '#0F766E' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ data: { accent_color: '#0f766e', logo_url: null } });
    expect((await kioskEvent()).accent_color).toBe('#0f766e');

    expect((await owner.send('PATCH', `/events/${event.uuid}/brand`, { accent_color: null })).status).toBe(
      200,
    );
    expect((await kioskEvent()).accent_color).toBeNull();
  });

  it('is refused when white text would not be readable on it, saying how far off it is', async () => {
    const owner = await signedIn('owner');
    const yellow = await owner.send('PATCH', `/events/${event.uuid}/brand`, { accent_color: '#facc15' });
    expect(yellow.status).toBe(422);
    expect(yellow.body).toEqual({
      message: 'Validation failed.',
      errors: {
        accent_color: [
          'The accent color is too light for white text on buttons (contrast 1.5:1, at least 4.5:1 needed). Choose a darker color.',
        ],
      },
    });
    expect((await kioskEvent()).accent_color).toBeNull();
  });

  it.each(['red', '#fff', '#12345g', '1d4ed8', '#1d4ed8 '])(
    'refuses %j, which is not #rrggbb',
    async (color) => {
      const owner = await signedIn('owner');
      const answer = await owner.send('PATCH', `/events/${event.uuid}/brand`, { accent_color: color });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ accent_color: ['The accent color field format is invalid.'] });
    },
  );

  it('is read by staff and set by owners only', async () => {
    const staff = await signedIn('staff');
    expect((await staff.send('GET', `/events/${event.uuid}/brand`)).body).toEqual({
      data: { accent_color: null, logo_url: null },
    });
    expect(
      (await staff.send('PATCH', `/events/${event.uuid}/brand`, { accent_color: '#1d4ed8' })).status,
    ).toBe(403);
    expect(
      (await staff.send('PUT', `/events/${event.uuid}/brand/logo`, { image: PNG.toString('base64') })).status,
    ).toBe(403);
    expect((await dashboardClient(() => t.app).send('GET', `/events/${event.uuid}/brand`)).status).toBe(401);
    const elsewhere = createEvent(t.app, createOrganization(t.app, 'Elsewhere'));
    const owner = await signedIn('owner');
    expect(
      (await owner.send('PATCH', `/events/${elsewhere.uuid}/brand`, { accent_color: '#1d4ed8' })).status,
    ).toBe(404);
  });

  it('needs the dashboard’s own origin to change', async () => {
    const owner = await signedIn('owner');
    const forged = await owner.send(
      'PATCH',
      `/events/${event.uuid}/brand`,
      { accent_color: '#1d4ed8' },
      {
        origin: 'http://evil.example',
      },
    );
    expect(forged.status).toBe(403);
  });
});

describe("an event's logo", () => {
  it('is uploaded as PNG, served publicly with its type, an ETag and no sniffing, and named on the kiosk', async () => {
    const owner = await signedIn('owner');
    const uploaded = await upload(owner, PNG);
    expect(uploaded.status).toBe(200);
    const { logo_url: dashboardUrl } = uploaded.body.data;
    expect(dashboardUrl).toMatch(new RegExp(`^/dashboard/api/events/${event.uuid}/brand/logo\\?v=[\\w-]+$`));

    const { logo_url: url } = await kioskEvent();
    expect(url).toMatch(new RegExp(`^/public/events/${event.uuid}/logo\\?v=[\\w-]+$`));
    const logo = await t.app.inject({ method: 'GET', url });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.headers['content-security-policy']).toContain("default-src 'none'");
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(logo.rawPayload.equals(PNG)).toBe(true);

    const etag = String(logo.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: `/public/events/${event.uuid}/logo`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(again.rawPayload.length).toBe(0);
  });

  it('takes a JPEG too, and a new logo gets a new address and tag', async () => {
    const owner = await signedIn('owner');
    await upload(owner, PNG);
    const first = await kioskEvent();
    await upload(owner, JPEG);
    const second = await kioskEvent();
    expect(second.logo_url).not.toBe(first.logo_url);
    const logo = await t.app.inject({ method: 'GET', url: second.logo_url });
    expect(logo.headers['content-type']).toBe('image/jpeg');
    expect(logo.rawPayload.equals(JPEG)).toBe(true);
  });

  it.each([
    ['an SVG', SVG],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00')],
    ['HTML named like a PNG', Buffer.from('<html><script>alert(1)</script></html>')],
    ['nothing decodable', Buffer.from([0x00])],
  ])('refuses %s by its bytes', async (_what, bytes) => {
    const owner = await signedIn('owner');
    const answer = await upload(owner, bytes);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: 'Validation failed.',
      errors: { image: ['The image must be a PNG or JPEG file.'] },
    });
    expect((await kioskEvent()).logo_url).toBeNull();
  });

  it.each([
    ['a PNG', pngHeader(15_000, 15_000), '15000 × 15000'],
    ['a baseline JPEG', jpegHeader(15_000, 15_000), '15000 × 15000'],
    ['a progressive JPEG', jpegHeader(65_535, 300, 0xc2), '65535 × 300'],
  ])(
    'refuses %s of more than 16 megapixels from its header, before anything decodes it',
    async (_, bytes, size) => {
      const owner = await signedIn('owner');
      // A few hundred bytes that would decode to gigabytes on every kiosk and badge.
      expect(bytes.length).toBeLessThan(200);
      const answer = await upload(owner, bytes);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        message: 'Validation failed.',
        errors: { image: [`The image must not be larger than 16 megapixels (this one is ${size} pixels).`] },
      });
      expect((await kioskEvent()).logo_url).toBeNull();
      // At the cap it is taken: 4096 x 4096 is 16.8 million pixels, so 4000 x 4000.
      expect((await upload(owner, pngHeader(4_000, 4_000))).status).toBe(200);
      expect((await upload(owner, jpegHeader(16_000, 1_000))).status).toBe(200);
    },
  );

  it.each([
    ['a PNG without its header chunk', Buffer.concat([PNG.subarray(0, 8), Buffer.from('IEND')])],
    ['a PNG of no pixels', pngHeader(0, 10)],
    ['a JPEG with no frame header before its end', Buffer.from([0xff, 0xd8, 0xff, 0xd9])],
    ['a JPEG cut short', jpegHeader(10, 10).subarray(0, 30)],
  ])('refuses %s: its size cannot be read, so it is no image', async (_, bytes) => {
    const owner = await signedIn('owner');
    const answer = await upload(owner, bytes);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ image: ['The image must be a PNG or JPEG file.'] });
  });

  it('refuses a file over 256 KiB, and a body far beyond that as too large', async () => {
    const owner = await signedIn('owner');
    const justOver = Buffer.concat([PNG, Buffer.alloc(256 * 1024 - PNG.length + 1)]);
    const over = await upload(owner, justOver);
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ image: ['The image must not be larger than 256 KiB.'] });
    const atTheCap = Buffer.concat([PNG, Buffer.alloc(256 * 1024 - PNG.length)]);
    expect((await upload(owner, atTheCap)).status).toBe(200);

    const huge = await upload(owner, Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]));
    expect(huge).toMatchObject({ status: 413, body: { message: 'The request body is too large.' } });
  });

  it('is removed by an owner, after which the public address is 404', async () => {
    const owner = await signedIn('owner');
    await upload(owner, PNG);
    const removed = await owner.send('DELETE', `/events/${event.uuid}/brand/logo`);
    expect(removed.body).toEqual({ data: { accent_color: null, logo_url: null } });
    const gone = await call(t.app, 'GET', `/public/events/${event.uuid}/logo`);
    expect(gone).toMatchObject({ status: 404, body: { message: 'This event has no logo.' } });
  });

  it("of an unpublished event is the dashboard's to show, not the public's", async () => {
    const hidden = createEvent(t.app, org, { is_published: false });
    const owner = await signedIn('owner');
    const uploaded = await upload(owner, PNG, hidden.uuid);
    const inDashboard = await t.app.inject({
      method: 'GET',
      url: `/dashboard/api${uploaded.body.data.logo_url.slice('/dashboard/api'.length)}`,
      headers: { cookie: owner.cookie(), host: 'localhost:80' },
    });
    expect(inDashboard.statusCode).toBe(200);
    expect(inDashboard.rawPayload.equals(PNG)).toBe(true);
    const publicly = await call(t.app, 'GET', `/public/events/${hidden.uuid}/logo`);
    expect(publicly).toMatchObject({ status: 404, body: { message: 'Event not found or not available.' } });
  });

  it("leaves the interface's event answers as they were", async () => {
    const owner = await signedIn('owner');
    await upload(owner, PNG);
    await owner.send('PATCH', `/events/${event.uuid}/brand`, { accent_color: '#1d4ed8' });
    const shown = (await call(t.app, 'GET', `/public/events/${event.uuid}`)).body.data;
    expect(shown).not.toHaveProperty('logo_url');
    expect(shown).not.toHaveProperty('accent_color');
    const inDashboard = (await owner.send('GET', `/events/${event.uuid}`)).body.data;
    expect(inDashboard).not.toHaveProperty('accent_color');
  });
});

describe('a badge at the kiosk', () => {
  const badge = (body: Record<string, string>) =>
    call(t.app, 'POST', `/kiosk/api/events/${event.uuid}/badge`, { body });

  beforeEach(() => {
    event = createEvent(t.app, org, {
      registration_fields: [
        { key: 'email', label: 'Email', type: 'email', required: true },
        { key: 'first_name', label: 'First name', type: 'text', required: true },
        { key: 'last_name', label: 'Last name', type: 'text', required: true },
        { key: 'company', label: 'Company', type: 'text', required: false },
        { key: 'phone', label: 'Phone', type: 'text', required: false },
        {
          key: 'ticket',
          label: 'Ticket',
          type: 'select',
          required: false,
          options: [{ value: 'vip', label: 'VIP' }],
        },
      ],
    });
  });

  it('is there once checked in, by email or code, with the layout, logo, and only what a badge prints', async () => {
    const owner = await signedIn('owner');
    await upload(owner, PNG);
    await owner.send('PATCH', `/events/${event.uuid}/badge`, { layout: 'side_qr' });
    await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('ada@example.com', { company: 'Analytical', phone: '+44 1234', ticket: 'vip' }),
    });
    expect(await badge({ email: 'ada@example.com' })).toMatchObject({
      status: 404,
      body: { message: 'No checked-in registration of this event matches: check in first.' },
    });

    await call(t.app, 'POST', `/public/events/${event.uuid}/check-in`, {
      body: { email: 'ada@example.com' },
    });
    const { checkinCode } = t.app.store.repos.attendees.findForEmail(event.id, 'ada@example.com')!;
    const byEmail = await badge({ email: 'ADA@example.com' });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.data).toEqual({
      layout: 'side_qr',
      name: 'Ada Lovelace',
      answers: { company: 'Analytical', ticket: 'vip' },
      checkin_code: checkinCode,
      logo_url: (await kioskEvent()).logo_url,
    });
    expect((await badge({ code: `ARV1:${checkinCode}` })).body).toEqual(byEmail.body);
  });

  it('is refused without an email or code, and for someone not registered', async () => {
    expect(await badge({})).toMatchObject({
      status: 422,
      body: { errors: { email: ['The email field is required.'] } },
    });
    expect((await badge({ email: 'nobody@example.com' })).status).toBe(404);
    expect((await badge({ code: 'ARV1:AAAAAAAAAAAAAAAA' })).status).toBe(404);
  });
});
