import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { createEvent, createOrganization, tempDataDir, UNLIMITED } from '../helpers/app.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';
import { recordFetches } from './support/clock.ts';
import { expect, test } from './support/fixtures.ts';
import { KIOSK_DIR } from './support/paths.ts';

/** Where the kiosk's clock starts: any time will do, the test reads only the gaps between its requests. */
const KIOSK_CLOCK_START = Date.parse('2026-11-21T10:00:00Z');

/** Each gap between consecutive times, in order. */
const gaps = (times: number[]) => times.slice(1).map((time, i) => time - times[i]!);

/**
 * A satellite kiosk on a hub, both on loopback: the page loads from the satellite, the hub goes away and comes
 * back on the same port and data dir. Nothing is restarted on the satellite or reloaded in the page.
 */
test('a satellite kiosk asks attendees calmly for a moment while its hub is away, tells staff in the corner, and drops both when the hub is back', async ({
  page,
}) => {
  const hubDataDir = tempDataDir();
  const startHub = async (port: number) => {
    const app = await buildApp({ dataDir: hubDataDir, rateLimits: UNLIMITED, kioskDir: false });
    await app.listen({ host: '127.0.0.1', port });
    return app;
  };
  let hub: FastifyInstance = await startHub(0);
  const hubPort = (hub.server.address() as AddressInfo).port;
  const event = createEvent(hub, createOrganization(hub, 'City Hall'), { name: 'Launch Night' });

  const satellite = await buildApp({
    dataDir: tempDataDir(),
    kioskDir: KIOSK_DIR,
    // A busy machine can take seconds to answer even on loopback; a closed port is refused at once all the same.
    satellite: { hubUrl: `http://127.0.0.1:${hubPort}`, connectTimeoutMs: 30_000 },
  });
  await satellite.listen({ host: '127.0.0.1', port: 0 });
  const satelliteUrl = `http://127.0.0.1:${(satellite.server.address() as AddressInfo).port}`;

  // The kiosk's clock stands still from before the page loads (its home screen needs no timer to show) and moves
  // only when the test moves it.
  await page.clock.install({ time: KIOSK_CLOCK_START });
  await page.clock.pauseAt(KIOSK_CLOCK_START + 60_000);
  const statusChecks = await recordFetches(page, '/satellite/status');
  const banner = page.getByTestId('hub-banner');
  const corner = page.getByTestId('connection-corner');
  /**
   * A quarter second of the kiosk's time, but only while no status check is out, then whether the banner shows:
   * time passes as it would, yet never cuts off a check that the machine is slow to answer (the kiosk gives up on
   * one after 4 s of its own time).
   */
  const bannersAfterAMoment = async () => {
    if ((await statusChecks.inFlight()) === 0) await page.clock.runFor(250);
    return banner.count();
  };

  try {
    const home = new KioskHomePage(page);
    await page.goto(`${satelliteUrl}/kiosk/${event.uuid}`);
    await home.expectShown('Launch Night');
    await expect(banner).toHaveCount(0);

    await hub.close();
    await expect.poll(bannersAfterAMoment, { intervals: [50] }).toBe(1);
    // Attendees read that the kiosk is reconnecting, with no word of hubs and nothing shouted at them.
    await expect(banner).toHaveText(
      'One moment, pleaseThis kiosk is reconnecting. If it takes a while, please see event staff.',
    );
    await expect(banner).toHaveAttribute('role', 'status');
    await expect(page.getByRole('alert')).toHaveCount(0);
    // Staff read what is wrong, in the corner.
    await expect(corner).toHaveText('Hub unreachable');
    // While all was well, it asked every 5 s, by its own clock.
    const untilAway = await statusChecks.sentAt();
    expect(untilAway.length).toBeGreaterThanOrEqual(2);
    for (const gap of gaps(untilAway)) expect(gap).toBeGreaterThanOrEqual(5_000);

    hub = await startHub(hubPort);
    await expect.poll(bannersAfterAMoment, { intervals: [50] }).toBe(0);
    await expect(corner).toHaveCount(0);
    await expect(home.action('Register')).toBeVisible();
    // While the hub was away, it asked every 2 s.
    const whileAway = (await statusChecks.sentAt()).slice(untilAway.length - 1);
    expect(whileAway.length).toBeGreaterThanOrEqual(2);
    for (const gap of gaps(whileAway)) {
      expect(gap).toBeGreaterThanOrEqual(2_000);
      expect(gap).toBeLessThan(5_000);
    }
  } finally {
    await satellite.close();
    await hub.close();
  }
});

test('what attendees and staff read while the kiosk cannot work is axe-clean, in English and French', async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent({ name: 'Launch Night' });
  // The kiosk's server says its hub is away, as a satellite's does.
  await page.route('**/satellite/status', (route) => route.fulfill({ json: { hub_reachable: false } }));
  const home = new KioskHomePage(page);
  const banner = page.getByTestId('hub-banner');
  const corner = page.getByTestId('connection-corner');

  await home.open(event.uuid, '?lang=en');
  await expect(banner).toContainText('One moment, please');
  await expect(corner).toHaveText('Hub unreachable');
  await expectAccessible();

  await home.open(event.uuid, '?lang=fr');
  await expect(banner).toHaveText(
    'Un instant, s’il vous plaîtCette borne se reconnecte. Si cela dure, veuillez vous adresser à l’équipe de l’événement.',
  );
  await expect(corner).toHaveText('Serveur principal injoignable');
  await expectAccessible();
});
