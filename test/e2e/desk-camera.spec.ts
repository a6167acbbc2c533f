import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { venueServerCertificate } from '../../server/https/certificate.service.ts';
import { listenHttps } from '../../server/https/https-server.http.ts';
import { toTimestamp } from '../../server/platform/time.ts';
import {
  createEvent,
  createOrganization,
  registration,
  startTestApp,
  tempDataDir,
  type TestApp,
} from '../helpers/app.ts';
import { DeskPage } from './pages/DeskPage.ts';
import { CAMERA_TIMEOUT_MS } from './pages/ScanPage.ts';
import { CHROMIUM_FLAGS, fakeCameraFlags, requireChromium } from './support/chromium.ts';
import { quickPasswordHash } from './support/dashboard-session.ts';
import { heldUpCode, writeCameraFeed } from './support/fake-camera.ts';
import { expect, test } from './support/fixtures.ts';
import { KIOSK_DIR } from './support/paths.ts';

const PHONE = { width: 390, height: 844 };
const ADA = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };

/** Every tone the page starts through the Web Audio API, from before its scripts run (outcome-feedback.spec.ts). */
async function recordTones(page: Page): Promise<() => Promise<number[]>> {
  await page.addInitScript({
    content: `(() => {
      window.__tones = [];
      const start = OscillatorNode.prototype.start;
      OscillatorNode.prototype.start = function (...args) {
        window.__tones.push(this.frequency.value);
        return start.apply(this, args);
      };
    })();`,
  });
  return () => page.evaluate<number[]>('window.__tones.splice(0)');
}

test.describe('a phone at the desk', () => {
  test.use({ viewport: PHONE });

  test('scans with its camera, continuously, in the kiosk’s colours and sounds', async ({
    server,
    openWithCamera,
    expectAccessible,
  }) => {
    const event = server.createEvent({ allow_self_checkin: false });
    await server.register(event, ADA);
    const { checkinCode } = server.attendee(event, ADA.email)!;
    const page = await openWithCamera(heldUpCode(`ARV1:${checkinCode}`));
    const tones = await recordTones(page);
    await server.signIn(page, 'staff');
    const scans: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/scan')) scans.push(request.url());
    });
    const desk = new DeskPage(page);
    await desk.open(event.uuid);

    await page.getByRole('button', { name: 'Camera' }).click();
    await expect(page.getByRole('button', { name: 'Camera' })).toHaveAttribute('aria-pressed', 'true');
    const outcome = page.getByTestId('desk-scan-outcome');
    // The camera's first read: a busy machine may take its time starting Chromium's camera (as every camera test).
    await expect(outcome).toHaveAttribute('data-tone', 'success', { timeout: CAMERA_TIMEOUT_MS });
    await expect(outcome).toContainText('Ada Lovelace: Checked in.');
    // The kiosk's green: its success panel's paper and ink.
    await expect(outcome).toHaveCSS('background-color', 'rgb(236, 253, 243)');
    await expect(outcome).toHaveCSS('color', 'rgb(20, 83, 45)');
    await expect.poll(tones).toEqual([660, 990]);
    expect(server.attendee(event, ADA.email)!.checkedInAt).not.toBeNull();
    await expect(desk.action('Ada Lovelace', 'Undo check-in')).toBeVisible();
    // The code still in front of the camera is the same person: asked once.
    expect(scans).toHaveLength(1);
    await expectAccessible(page, { touch: false });

    await page.getByRole('button', { name: 'Camera' }).click();
    await expect(page.getByTestId('desk-camera')).toHaveCount(0);
  });
});

/**
 * A server on loopback reached as `kiosk.test` (Chromium maps the name), which is no secure origin to a browser the
 * way 127.0.0.1 is: the phone at the venue opening the hub's LAN address. It also serves HTTPS with a certificate
 * of a venue CA made for the test.
 */
interface LanServer {
  test: TestApp;
  http: string;
  https: string;
  event: string;
  close(): Promise<void>;
}

async function lanServer(): Promise<LanServer> {
  // The venue CA in the server's own data dir, as `serve --https` makes it: its /trust page hands it out.
  const dataDir = tempDataDir();
  const certificate = await venueServerCertificate(dataDir, {
    now: new Date(),
    label: 'Test venue CA',
    names: { dns: ['localhost', 'kiosk.test'], ips: ['127.0.0.1'] },
    caNames: ['kiosk.test'],
  });
  const t = await startTestApp({
    dataDir,
    kioskDir: KIOSK_DIR,
    allowedHosts: ['kiosk.test'],
    interfaceAddresses: () => ['127.0.0.1'],
    https: certificate,
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const secure = await listenHttps(t.app, { host: '127.0.0.1', port: 0 });
  const organization = createOrganization(t.app, 'City Hall');
  const event = createEvent(t.app, organization, { name: 'Launch Night' });
  const registered = await t.app.inject({
    method: 'POST',
    url: `/public/events/${event.uuid}/register`,
    payload: registration(ADA.email),
  });
  expect(registered.statusCode).toBe(201);
  t.app.store.repos.staff.create(
    {
      organizationId: organization.id,
      name: 'Sam Staff',
      email: 'sam@example.com',
      passwordHash: quickPasswordHash('correct horse battery'),
      role: 'staff',
    },
    toTimestamp(t.app.ctx.clock.now()),
  );
  const port = (t.app.server.address() as { port: number }).port;
  return {
    test: t,
    http: `http://kiosk.test:${port}`,
    https: `https://kiosk.test:${secure.port}`,
    event: event.uuid,
    close: () => t.close(),
  };
}

test.describe('a phone on the venue network', () => {
  let venue: LanServer;
  let browser: Browser;
  // Made and removed by the same group's hooks: a worker that runs the group again after its afterAll (a failure
  // elsewhere restarts workers) makes it again.
  let feeds: string;
  test.beforeAll(() => {
    feeds = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-camera-'));
  });

  test.beforeEach(async () => {
    venue = await lanServer();
    const feed = path.join(feeds, 'code.y4m');
    const ada = venue.test.app.store.repos.attendees.findForEmail(
      venue.test.app.store.repos.events.findByUuid(venue.event)!.id,
      ADA.email,
    )!;
    writeCameraFeed(feed, heldUpCode(`ARV1:${ada.checkinCode}`));
    browser = await chromium.launch({
      executablePath: requireChromium(),
      args: [...CHROMIUM_FLAGS, ...fakeCameraFlags(feed), '--host-resolver-rules=MAP kiosk.test 127.0.0.1'],
    });
  });
  test.afterEach(async () => {
    await browser.close();
    await venue.close();
  });
  test.afterAll(() => fs.rmSync(feeds, { recursive: true, force: true }));

  async function deskAt(origin: string): Promise<Page> {
    const context = await browser.newContext({
      viewport: PHONE,
      ignoreHTTPSErrors: origin.startsWith('https:'),
    });
    const page = await context.newPage();
    await page.goto(`${origin}/dashboard/sign-in`);
    await page.getByLabel('Email').fill('sam@example.com');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events');
    await page.goto(`${origin}/dashboard/events/${venue.event}/desk`);
    await expect(new DeskPage(page).names).toHaveText(['Ada Lovelace']);
    return page;
  }

  test('over plain HTTP the desk says why there is no camera, and where it has one', async ({
    expectAccessible,
  }) => {
    const page = await deskAt(venue.http);
    await page.getByRole('button', { name: 'Camera' }).click();
    const help = page.getByTestId('desk-camera-help');
    await expect(help).toContainText(
      `No camera on this page. Browsers give the camera only to secure pages, and ${venue.http} is plain HTTP on the venue network.`,
    );
    const secureDesk = `${venue.https}/dashboard/events/${venue.event}/desk`;
    await expect(help.getByRole('link', { name: secureDesk })).toHaveAttribute('href', secureDesk);
    await expect(help.getByRole('link', { name: `${venue.http}/trust` })).toHaveAttribute(
      'href',
      `${venue.http}/trust`,
    );
    await expect(help).toContainText('Meanwhile, scan with a USB scanner into the field above');
    await expectAccessible(page, { touch: false });

    // The steps are where the link says, with the certificate to download.
    await help.getByRole('link', { name: `${venue.http}/trust` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Trust this venue’s certificate, once per device',
    );
    await expect(page.getByRole('link', { name: 'Download the venue certificate' })).toHaveAttribute(
      'href',
      '/venue-ca.crt',
    );
    await expectAccessible(page, { touch: false });
  });

  test('over HTTPS, with the venue’s certificate, the phone’s camera checks people in', async ({
    expectAccessible,
  }) => {
    const page = await deskAt(venue.https);
    expect(await page.evaluate('window.isSecureContext')).toBe(true);
    await page.getByRole('button', { name: 'Camera' }).click();
    const outcome = page.getByTestId('desk-scan-outcome');
    await expect(outcome).toHaveAttribute('data-tone', 'success');
    await expect(outcome).toContainText('Ada Lovelace: Checked in.');
    await expectAccessible(page, { touch: false });
  });
});
