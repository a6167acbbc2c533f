import { afterEach, describe, expect, it, vi } from 'vitest';
import { lanAddresses } from '../../server/platform/own-host.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { dashboardClient } from '../helpers/dashboard.ts';

// Setup runs scrypt at its full cost.
vi.setConfig({ testTimeout: 60_000 });

const OWNER = {
  organization_name: 'City Hall Events',
  name: 'Olive Owner',
  email: 'olive@example.com',
  password: 'correct horse battery',
};

const MACHINE = () => [
  '127.0.0.1',
  '::1',
  'fe80::fc:ff:fe00:1%eth0',
  'fd00::2',
  '192.168.1.20',
  '169.254.3.4',
];

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('lanAddresses', () => {
  it('keeps the addresses another device can reach, IPv4 first, never loopback or link-local', () => {
    expect(lanAddresses(MACHINE)).toEqual(['192.168.1.20', 'fd00::2']);
    expect(lanAddresses(() => ['127.0.0.1', '::1'])).toEqual([]);
  });
});

describe('GET /dashboard/api/lan-origins', () => {
  it("gives the server's LAN origins on the port the dashboard was reached at, never localhost", async () => {
    t = await startTestApp({ interfaceAddresses: MACHINE });
    const app = t.app;
    const owner = dashboardClient(() => app);
    expect((await owner.send('GET', '/lan-origins')).status).toBe(401);
    expect((await owner.send('POST', '/setup', OWNER)).status).toBe(201);

    const res = await owner.send('GET', '/lan-origins', undefined, {
      host: '127.0.0.1:8787',
      origin: 'http://127.0.0.1:8787',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { origins: ['http://192.168.1.20:8787', 'http://[fd00::2]:8787'], loopback_only: false },
    });
  });

  it('says when the server takes connections from this machine only, which no LAN origin then reaches', async () => {
    for (const [host, loopbackOnly] of [
      ['127.0.0.1', true],
      ['::1', true],
      ['0.0.0.0', false],
    ] as const) {
      t = await startTestApp({ interfaceAddresses: MACHINE });
      const app = t.app;
      await app.listen({ host, port: 0 });
      const owner = dashboardClient(() => app);
      expect((await owner.send('POST', '/setup', OWNER)).status).toBe(201);
      const res = await owner.send('GET', '/lan-origins', undefined, {
        host: '127.0.0.1:8787',
        origin: 'http://127.0.0.1:8787',
      });
      expect(res.status).toBe(200);
      // The addresses it would be reached at are still named: the dashboard shows them with a warning.
      expect(res.body.data).toEqual({
        origins: ['http://192.168.1.20:8787', 'http://[fd00::2]:8787'],
        loopback_only: loopbackOnly,
      });
      await t.close();
      t = undefined;
    }
  });
});
