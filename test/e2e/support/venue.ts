import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.ts';
import type { AttendeeRecord } from '../../../server/attendees/attendee.types.ts';
import type { EventRecord } from '../../../server/events/event.types.ts';
import type { Organization } from '../../../server/organizations/organization.types.ts';
import { pairWithHub } from '../../../server/sync/pairing.ts';
import type { ReplicaOptions, ReplicaStatus } from '../../../server/sync/replica.service.ts';
import { createEvent, createOrganization, tempDataDir, UNLIMITED } from '../../helpers/app.ts';
import { startTcpProxy, type TcpProxy } from '../../helpers/tcp-proxy.ts';
import { signInToDashboard } from './dashboard-session.ts';
import { KIOSK_DIR } from './paths.ts';

/**
 * A replica's waits, short so that the tests never wait on them: it tries a hub that is away again every 100 ms,
 * so it says it works offline (two failed syncs in a row) a moment after the hub goes, and syncs a moment after it
 * is back.
 */
const REPLICA_WAITS: Partial<ReplicaOptions> = { retryMs: 100, longPollMs: 1_000, connectTimeoutMs: 2_000 };

/** The hub of a venue: a real server on loopback, over its own data dir, that a test can stop and start again. */
export interface VenueHub {
  url: string;
  /** The running server; a new one after each `start()`. */
  app(): FastifyInstance;
  organization: Organization;
  createEvent(overrides?: Parameters<typeof createEvent>[2]): EventRecord;
  /** Registers through the public API, as the hub's own kiosk would. */
  register(event: EventRecord, answers: Record<string, string>): Promise<void>;
  attendee(event: EventRecord, email: string): AttendeeRecord | null;
  /** Signs `page` in to the hub's dashboard as a new owner. */
  signIn(page: Page): Promise<void>;
  /** A pairing code for a kiosk that serves these events, as the Kiosks & sync page gives one. */
  pairingCode(events: EventRecord[]): string;
  /** The hub goes away (switched off, or the Wi-Fi dropped it). */
  stop(): Promise<void>;
  /** It comes back on the same port and data dir. */
  start(): Promise<void>;
}

/** A kiosk paired with the hub, running as its replica: a real server on loopback that serves the kiosk pages. */
export interface VenueKiosk {
  name: string;
  url: string;
  app: FastifyInstance;
  /** Between the kiosk and the hub, so a test can lose the hub's answers (test/helpers/tcp-proxy.ts). */
  proxy: TcpProxy;
  /** How its sync goes: waiting changes, offline. */
  status(): ReplicaStatus;
  attendee(event: EventRecord, email: string): AttendeeRecord | null;
}

export interface Venue {
  hub: VenueHub;
  /**
   * Pairs a new data dir with the hub (server/sync/pairing.ts, as `arrivals device pair` and the desktop app do),
   * through a proxy of its own, with this code (else a new one for all the hub's events), and starts it.
   */
  pairKiosk(name: string, code?: string): Promise<VenueKiosk>;
  close(): Promise<void>;
}

export async function openVenue(): Promise<Venue> {
  const dirs: string[] = [];
  const dir = () => {
    const made = tempDataDir();
    dirs.push(made);
    return made;
  };
  const hubDir = dir();
  const listenHub = async (port: number) => {
    const app = await buildApp({ dataDir: hubDir, kioskDir: KIOSK_DIR, rateLimits: UNLIMITED });
    await app.listen({ host: '127.0.0.1', port });
    return app;
  };
  let hubApp: FastifyInstance | null = await listenHub(0);
  const hubPort = { port: (hubApp.server.address() as AddressInfo).port };
  const hubUrl = `http://127.0.0.1:${hubPort.port}`;
  const running = () => {
    if (!hubApp) throw new Error('the hub is stopped');
    return hubApp;
  };
  const organization = createOrganization(hubApp, 'City Hall');
  const events: EventRecord[] = [];
  let signIns = 0;

  const hub: VenueHub = {
    url: hubUrl,
    app: running,
    organization,
    createEvent: (overrides = {}) => {
      const event = createEvent(running(), organization, overrides);
      events.push(event);
      return event;
    },
    register: async (event, answers) => {
      const response = await running().inject({
        method: 'POST',
        url: `/public/events/${event.uuid}/register`,
        payload: answers,
      });
      if (response.statusCode !== 201) throw new Error(`registration refused: ${response.body}`);
    },
    attendee: (event, email) => running().store.repos.attendees.findForEmail(event.id, email),
    signIn: async (page) => {
      signIns += 1;
      await signInToDashboard(page, running(), organization, hubUrl, {
        name: `Olivia Owner ${signIns}`,
        email: `owner${signIns}@example.com`,
        password: 'correct horse battery',
        role: 'owner',
      });
    },
    pairingCode: (forEvents) => {
      const outcome = running().ctx.syncHub.createPairingCode(
        organization.id,
        forEvents.map((event) => event.uuid),
      );
      if (!outcome.ok) throw new Error(`no pairing code: ${outcome.reason}`);
      return outcome.code;
    },
    stop: async () => {
      await hubApp?.close();
      hubApp = null;
    },
    start: async () => {
      hubApp ??= await listenHub(hubPort.port);
    },
  };

  const kiosks: VenueKiosk[] = [];
  return {
    hub,
    async pairKiosk(name, code) {
      const proxy = await startTcpProxy(hubPort);
      const dataDir = dir();
      const paired = await pairWithHub(dataDir, proxy.url, code ?? hub.pairingCode(events), name, {
        replica: REPLICA_WAITS,
      });
      if (!paired.ok || !paired.snapshot.taken) {
        await proxy.close();
        throw new Error(`${name} did not pair: ${JSON.stringify(paired)}`);
      }
      const app = await buildApp({
        dataDir,
        kioskDir: KIOSK_DIR,
        rateLimits: UNLIMITED,
        replica: REPLICA_WAITS,
      });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const kiosk: VenueKiosk = {
        name,
        url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
        app,
        proxy,
        status: () => app.ctx.replica!.status(),
        attendee: (event, email) => app.store.repos.attendees.findForEmail(event.id, email),
      };
      kiosks.push(kiosk);
      return kiosk;
    },
    async close() {
      for (const kiosk of kiosks) {
        await kiosk.app.close();
        await kiosk.proxy.close();
      }
      await hubApp?.close();
      for (const made of dirs) fs.rmSync(made, { recursive: true, force: true });
    },
  };
}
