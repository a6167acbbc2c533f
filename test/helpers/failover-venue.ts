import fs from 'node:fs';
import { startServer, type ServerProcess } from './server-process.ts';
import { tempDataDir } from './app.ts';
import { pairKiosk, seedHub, send, until, type HubSeed } from './sync-venue.ts';

/**
 * A venue as people run it, for pages that carry on through another server (docs/pages-that-move.md): the
 * hub as a real `arrivals serve` process on 127.0.0.1, and a kiosk paired with it (`arrivals device pair`) serving on
 * 127.0.0.2, another host to a browser (its cookies are its own), both serving the built screens. Resolves once
 * the kiosk has told the hub where it serves and has the hub's list.
 */
export interface ProcessVenue {
  seed: HubSeed;
  hubDir: string;
  kioskDir: string;
  hub(): ServerProcess;
  kiosk: ServerProcess;
  /** The event the kiosk serves. */
  event: string;
  /** SIGKILL: the hub's machine went off. */
  stopHub(): Promise<void>;
  /** The hub again, on its port and data dir. */
  startHub(): Promise<void>;
  close(): Promise<void>;
}

export async function openProcessVenue(options: {
  screens: string;
  attendees: readonly string[];
}): Promise<ProcessVenue> {
  const hubDir = tempDataDir();
  const kioskDir = tempDataDir();
  const env = { ARRIVALS_KIOSK_DIR: options.screens };
  const seed = await seedHub(hubDir, { events: { main: {} }, attendees: { main: options.attendees } });
  let hub: ServerProcess | null = await startServer({ dataDir: hubDir, readyPath: '/satellite/status', env });
  const hubPort = hub.port;
  await pairKiosk({ hubDir, hubAddress: `127.0.0.1:${hubPort}`, kioskDir, name: 'Door 2' });
  const kiosk = await startServer({
    dataDir: kioskDir,
    readyPath: '/satellite/status',
    host: '127.0.0.2',
    env,
  });
  const kioskOrigin = `http://127.0.0.2:${kiosk.port}`;
  const listed = (baseUrl: string) =>
    send(baseUrl, 'GET', '/venue/servers').then((answer) =>
      (answer.body.data?.servers ?? []).flatMap((server: { origins: string[] }) => server.origins),
    );
  await until(
    'the hub lists the kiosk',
    () => listed(hub!.baseUrl),
    (o) => o.includes(kioskOrigin),
  );
  await until(
    'the kiosk has the hub’s list',
    () => listed(kiosk.baseUrl),
    (o) => o.includes(hub!.baseUrl),
  );

  return {
    seed,
    hubDir,
    kioskDir,
    hub: () => {
      if (!hub) throw new Error('the hub is stopped');
      return hub;
    },
    kiosk,
    event: seed.events.main!,
    async stopHub() {
      await hub?.kill();
      hub = null;
    },
    async startHub() {
      hub ??= await startServer({ dataDir: hubDir, readyPath: '/satellite/status', env, port: hubPort });
    },
    async close() {
      await hub?.kill();
      await kiosk.kill();
      for (const dir of [hubDir, kioskDir]) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
