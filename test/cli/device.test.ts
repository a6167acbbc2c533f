import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { runCli } from '../../server/cli.ts';
import { createEvent, createOrganization, tempDataDir, UNLIMITED } from '../helpers/app.ts';
import { freePort } from '../helpers/server-process.ts';

const dirs: string[] = [];
const dataDir = () => {
  const dir = tempDataDir();
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function cli(dir: string, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    [...args, '--data', dir],
    { out: (l) => out.push(l), err: (l) => err.push(l) },
    {},
  );
  return { code, out, err };
}

describe('arrivals device code / device pair', () => {
  it('pairs a kiosk data dir with a code from the hub, once', async () => {
    const hubDir = dataDir();
    const hub = await buildApp({ dataDir: hubDir, kioskDir: false, rateLimits: UNLIMITED });
    try {
      const event = createEvent(hub, createOrganization(hub, 'City Hall'));
      await hub.listen({ host: '127.0.0.1', port: 0 });
      const address = `127.0.0.1:${(hub.server.address() as AddressInfo).port}`;

      const issued = await cli(hubDir, 'device', 'code');
      expect(issued.code, issued.err.join('\n')).toBe(0);
      expect(issued.out[0]).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);

      const kioskDir = dataDir();
      const args = ['device', 'pair', '--hub', address, '--code', issued.out[0]!, '--name', 'Front door'];
      const paired = await cli(kioskDir, ...args);
      expect(paired).toEqual({
        code: 0,
        out: [
          `Paired with http://${address} as "Front door", serving 1 event(s).`,
          `Run: arrivals serve --data ${kioskDir}`,
        ],
        err: [],
      });
      expect(hub.ctx.syncHub.listDevices(event.organizationId).map((d) => d.name)).toEqual(['Front door']);

      expect(await cli(kioskDir, ...args)).toEqual({
        code: 2,
        out: [],
        err: [`arrivals: ${kioskDir} is already paired with http://${address}.`],
      });
      // The code was used up by the first pairing.
      expect(await cli(dataDir(), ...args)).toMatchObject({
        code: 2,
        err: ['arrivals: This pairing code is not valid. Ask for a new one on the hub.'],
      });
    } finally {
      await hub.close();
    }
  });

  it('names the hub that cannot be reached, and the --hub that is not an address', async () => {
    const closed = `127.0.0.1:${await freePort()}`;
    const unreachable = await cli(dataDir(), 'device', 'pair', '--hub', closed, '--code', 'ABCD-EFGH');
    expect(unreachable.code).toBe(2);
    expect(unreachable.err[0]).toMatch(
      new RegExp(`^arrivals: The hub at http://${closed} cannot be reached`),
    );
    expect(
      await cli(dataDir(), 'device', 'pair', '--hub', 'https://hub', '--code', 'ABCD-EFGH'),
    ).toMatchObject({
      code: 2,
      err: ['arrivals: --hub: The hub address must start with http://.'],
    });
  });
});
