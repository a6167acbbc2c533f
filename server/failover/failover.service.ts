import {
  generateKeyPairSync,
  createPrivateKey,
  createPublicKey,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import os from 'node:os';
import type { StaffAccount } from '../access/access.types.ts';
import { lanAddresses } from '../platform/own-host.ts';
import { toTimestamp } from '../platform/time.ts';
import type { Store } from '../store.ts';
import type { SyncHubService } from '../sync/hub.service.ts';
import type { FailoverRepository } from './failover.repository.ts';
import {
  isOrigin,
  isVenueOrigin,
  listenerOrigins,
  parseTicket,
  ticketAdmits,
  ticketBody,
  ticketText,
  TICKET_LIFETIME_MS,
  venueServerFrom,
  type Listener,
} from './failover.rules.ts';
import type { VenueServer } from './failover.types.ts';

export interface FailoverOptions {
  /** How often a replica tells its hub where it serves (when that changed) and reads the venue's list again. */
  refreshMs: number;
  /** How long a replica waits for its hub on each of those requests. */
  requestTimeoutMs: number;
}

export const DEFAULT_FAILOVER_OPTIONS: FailoverOptions = { refreshMs: 30_000, requestTimeoutMs: 2_000 };

/** Where a replica reaches its hub, as it was paired (sync_upstream). */
interface HubLink {
  url: string;
  credential: string;
  deviceUuid: string;
  eventIds: string[];
}

export type RedeemOutcome = { ok: true; staff: StaffAccount } | { ok: false; reason: 'invalid' | 'expired' };

export interface IssuedTicket {
  server: string;
  ticket: string;
  expiresAt: string;
}

/**
 * The venue's servers, for pages that carry on through another one when their own stops (docs/pages-that-move.md). Every server knows where it serves itself (`listening`, told by whoever made it listen). A hub lists
 * itself and the kiosks paired with it, where each said it serves; a replica tells its hub where it serves, reads
 * the hub's list every `refreshMs` and keeps it, so it can list its siblings while the hub is away.
 *
 * Roaming sign-in: a hub signs tickets (Ed25519) that let a signed-in staff member open a session on one named
 * replica, once, for ten minutes; the replica checks them with the hub's public key from the list. A desk moving to
 * a kiosk's server when the hub stops thus carries on signed in, and a kiosk cannot use a ticket meant for another.
 */
export function failoverService(
  store: Store,
  options: FailoverOptions & {
    /** On a replica: where its hub is (null on a hub). */
    hub: HubLink | null;
    syncHub: SyncHubService;
    interfaceAddresses?: () => string[];
  },
) {
  const { repos, clock } = store;
  const repo: FailoverRepository = repos.failover;
  const now = () => toTimestamp(clock.now());
  const listeners = new Map<Listener['protocol'], Listener>();
  let ownOrigins: string[] = [];
  let reportedOrigins: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = true;
  let running: Promise<void> | null = null;

  /** Where this server serves, http first: told by whoever made it listen (app.ts's onListen, the HTTPS server). */
  function listening(listener: Listener): void {
    listeners.set(listener.protocol, listener);
    const lan = lanAddresses(options.interfaceAddresses);
    ownOrigins = ['http', 'https'].flatMap((protocol) => {
      const found = listeners.get(protocol as Listener['protocol']);
      return found ? listenerOrigins(found, lan) : [];
    });
    if (options.hub && !stopped) schedule(0);
  }

  function ownName(): string {
    return os.hostname() || 'Hub';
  }

  /** The venue's servers, as this server knows them. */
  function servers(): VenueServer[] {
    if (options.hub) return replicaServers(options.hub);
    const origins = repo.originsByDevice();
    const kiosks = repos.organizations.list().flatMap((organization) =>
      options.syncHub
        .listDevices(organization.id)
        .filter((device) => device.kind === 'kiosk' && device.revokedAt === null)
        .map((device): VenueServer => ({
          role: 'kiosk',
          device_id: device.uuid,
          name: device.name,
          origins: origins.get(device.uuid) ?? [],
          events: device.eventIds,
          last_seen_at: device.lastContactAt,
        })),
    );
    const hub: VenueServer = {
      role: 'hub',
      device_id: null,
      name: ownName(),
      origins: ownOrigins,
      events: null,
      last_seen_at: null,
    };
    return [hub, ...kiosks];
  }

  function replicaServers(link: HubLink): VenueServer[] {
    const self: VenueServer = {
      role: 'kiosk',
      device_id: link.deviceUuid,
      name: ownName(),
      origins: ownOrigins,
      events: link.eventIds,
      last_seen_at: null,
    };
    const known = repo.venue()?.servers;
    if (!known) {
      const hub: VenueServer = {
        role: 'hub',
        device_id: null,
        name: 'Hub',
        origins: [new URL(link.url).origin],
        events: null,
        last_seen_at: null,
      };
      return [hub, self];
    }
    // Its own entry as it stands now (the hub may not have heard the latest yet), with the name the hub gave it.
    const listed = known.some((server) => server.device_id === link.deviceUuid);
    return [
      ...known.map((server) =>
        server.device_id === link.deviceUuid ? { ...self, name: server.name, last_seen_at: null } : server,
      ),
      ...(listed ? [] : [self]),
    ];
  }

  /** Every origin of the venue's servers, lower case: the pages that may call the kiosk's endpoints across origins. */
  function venueOrigins(): Set<string> {
    return new Set(
      [...ownOrigins, ...servers().flatMap((server) => server.origins)].map((o) => o.toLowerCase()),
    );
  }

  /** Whether a page at `origin` may call this server's kiosk endpoints across origins (failover.rules.ts). */
  function isVenuePage(origin: string): boolean {
    return isVenueOrigin(origin, venueOrigins());
  }

  /** A paired kiosk says where it serves (`PUT /sync/origins`); only well-formed origins are kept. */
  function recordDeviceOrigins(deviceUuid: string, origins: readonly string[]): string[] {
    const kept = [...new Set(origins.filter(isOrigin).map((origin) => origin.toLowerCase()))];
    repo.recordOrigins(deviceUuid, kept, now());
    return kept;
  }

  /** The hub's signing key, made on first use. */
  function signingKey(): { privateKey: string; publicKey: string } {
    const existing = repo.roamingKey();
    if (existing) return existing;
    const pair = generateKeyPairSync('ed25519');
    return repo.keepRoamingKey(
      pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
      now(),
    );
  }

  /** The public key tickets are checked with: the hub's own, or on a replica the one its hub listed. */
  function roamingKey(): string | null {
    if (options.hub) return repo.venue()?.roamingKey ?? null;
    return signingKey().publicKey;
  }

  /**
   * On a hub: a ticket for each kiosk of the staff member's organization that said where it serves, each good on
   * that kiosk only. None on a replica (its desk asks the hub, through the proxy, while the hub answers).
   */
  function issueTickets(staff: StaffAccount): IssuedTicket[] {
    if (options.hub) return [];
    const key = createPrivateKey(signingKey().privateKey);
    const origins = repo.originsByDevice();
    const expiresAt = toTimestamp(new Date(clock.now().getTime() + TICKET_LIFETIME_MS));
    return options.syncHub
      .listDevices(staff.organizationId)
      .filter((device) => device.kind === 'kiosk' && device.revokedAt === null && origins.has(device.uuid))
      .map((device) => {
        const body = ticketBody({
          id: randomBytes(16).toString('hex'),
          staff: staff.uuid,
          aud: device.uuid,
          exp: expiresAt,
        });
        return {
          server: device.uuid,
          ticket: ticketText(body, sign(null, Buffer.from(body), key)),
          expiresAt,
        };
      });
  }

  /** On a replica: the staff member a ticket names, once, if the hub signed it for this kiosk and it is still good. */
  function redeemTicket(text: string): RedeemOutcome {
    const parsed = parseTicket(text);
    const publicKey = roamingKey();
    if (!options.hub || !parsed || !publicKey) return { ok: false, reason: 'invalid' };
    const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    if (!verify(null, Buffer.from(parsed.body), key, parsed.signature))
      return { ok: false, reason: 'invalid' };
    if (!ticketAdmits(parsed.claims, options.hub.deviceUuid, clock.now()))
      return { ok: false, reason: 'expired' };
    const staff = repos.staff.findByUuid(parsed.claims.staff);
    if (!staff) return { ok: false, reason: 'invalid' };
    if (!repo.redeemTicket(parsed.claims.id, parsed.claims.exp, now()))
      return { ok: false, reason: 'expired' };
    return { ok: true, staff };
  }

  /** A replica's round: tell the hub where it serves (when that changed), then read the venue's list again. */
  async function refresh(link: HubLink): Promise<void> {
    const headers = { authorization: `Bearer ${link.credential}`, accept: 'application/json' };
    const signal = () => AbortSignal.timeout(options.requestTimeoutMs);
    const origins = JSON.stringify(ownOrigins);
    if (ownOrigins.length > 0 && origins !== reportedOrigins) {
      const response = await fetch(new URL('/sync/origins', link.url), {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ origins: ownOrigins }),
        signal: signal(),
      });
      await response.arrayBuffer();
      if (response.ok) reportedOrigins = origins;
    }
    const response = await fetch(new URL('/venue/servers', link.url), { headers, signal: signal() });
    if (!response.ok) return void (await response.arrayBuffer());
    const body = (await response.json()) as { data?: { servers?: unknown; roaming_key?: unknown } };
    const listed = body.data?.servers;
    if (!Array.isArray(listed)) return;
    const key = typeof body.data?.roaming_key === 'string' ? body.data.roaming_key : null;
    const kept = listed.map(venueServerFrom).filter((server) => server !== null);
    repo.saveVenue(kept, key, now());
  }

  function schedule(delayMs: number): void {
    if (stopped || !options.hub) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      running = refresh(options.hub!)
        .catch(() => undefined)
        .finally(() => {
          running = null;
          schedule(options.refreshMs);
        });
    }, delayMs);
    timer.unref();
  }

  return {
    listening,
    servers,
    venueOrigins,
    isVenueOrigin: isVenuePage,
    recordDeviceOrigins,
    roamingKey,
    issueTickets,
    redeemTicket,
    /** On a replica: one round now (tests, and a page that asks after a new pairing); nothing on a hub. */
    async syncNow(): Promise<void> {
      if (options.hub) await refresh(options.hub);
    },
    /** A replica starts telling its hub where it serves and reading the venue's list. */
    start(): void {
      stopped = false;
      schedule(0);
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type FailoverService = ReturnType<typeof failoverService>;
