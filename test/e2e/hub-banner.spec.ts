import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { createEvent, createOrganization, tempDataDir, UNLIMITED } from '../helpers/app.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';
import { expect, test } from './support/fixtures.ts';
import { KIOSK_DIR } from './support/paths.ts';

/**
 * A satellite kiosk on a hub, both on loopback: the page loads from the satellite, the hub goes away and comes
 * back on the same port and data dir. Nothing is restarted on the satellite or reloaded in the page.
 */
test('a satellite kiosk shows a banner while its hub is away, and drops it when the hub is back', async ({
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
    satellite: { hubUrl: `http://127.0.0.1:${hubPort}` },
  });
  await satellite.listen({ host: '127.0.0.1', port: 0 });
  const satelliteUrl = `http://127.0.0.1:${(satellite.server.address() as AddressInfo).port}`;

  try {
    const home = new KioskHomePage(page);
    await page.goto(`${satelliteUrl}/kiosk/${event.uuid}`);
    await home.expectShown('Launch Night');
    const banner = page.getByTestId('hub-banner');
    await expect(banner).toHaveCount(0);

    await hub.close();
    // The banner polls every 5 s while all is well.
    await expect(banner).toBeVisible({ timeout: 10_000 });
    await expect(banner.getByRole('alert')).toContainText('No connection to the hub');

    hub = await startHub(hubPort);
    // And every 2 s while the hub is away.
    await expect(banner).toHaveCount(0, { timeout: 6_000 });
    await expect(home.action('Register')).toBeVisible();
  } finally {
    await satellite.close();
    await hub.close();
  }
});
