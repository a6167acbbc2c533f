import os from 'node:os';
import type { z } from 'zod';
import { toTimestamp } from '../platform/time.ts';
import type { Store } from '../store.ts';
import type { LedgerService } from '../attendees/ledger.service.ts';
import type { FeedRepository } from './feed.repository.ts';
import { outboxRelay, replicaJournal, type ChangeJournal, type Relay } from './journal.ts';
import {
  DEFAULT_REPLICA_OPTIONS,
  replicaService,
  type ReplicaOptions,
  type ReplicaService,
} from './replica.service.ts';
import type { SyncRepository } from './sync.repository.ts';
import type { connectResponse, upstreamEventsResponse } from './sync.schemas.ts';
import type { UpstreamRecord, VenueStatus } from './sync.types.ts';

export type UpstreamEvents = z.output<typeof upstreamEventsResponse>['data'];

/** Why talking to an online server did not work, for a one-line answer in the dashboard and the CLI. */
export type VenueRefusal =
  | { reason: 'invalid_url' }
  | { reason: 'already_connected'; url: string }
  /** Its own ids would collide with the online server's, which arrive with theirs. */
  | { reason: 'holds_registrations' }
  /**
   * The online server's organization has the UUID of one this hub holds already: following it would write the
   * online server's accounts and events into that organization.
   */
  | { reason: 'organization_taken' }
  | { reason: 'unreachable'; detail: string }
  /** The online server answered with an error: its status and its own one-line message. */
  | { reason: 'refused'; status: number; message: string };

/** An online server's address as typed: http(s) only, no credentials; its origin is what is kept. */
export function parseUpstreamUrl(input: string): string | null {
  try {
    const url = new URL(input.trim());
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** The event an op changes: every payload names it. */
const eventOf = (payload: { event: string }) => payload.event.toLowerCase();

/**
 * A venue's hub following an online Arrivals server (docs/sync.md, "A venue following an online server"): the
 * protocol of a kiosk with its hub, one hop up. The hub stays a full hub for its kiosks. Once connected, its own
 * changes to the followed events become ops for the online server (its journal), so do the ops it applies for its
 * kiosks (its relay, same op ids), and the online server's changes arrive through the feed and flow on to the
 * kiosks through this hub's own feed. The API token is sent once, traded for a device credential.
 */
export function venueService(
  store: Store,
  sync: SyncRepository,
  feed: FeedRepository,
  ledger: LedgerService,
  schemaVersion: number,
  options: Partial<ReplicaOptions> = {},
  onLocalError: (error: unknown) => void = () => {},
) {
  const { clock } = store;
  const followed = (): UpstreamRecord | null => {
    const record = sync.upstream();
    return record?.role === 'venue' ? record : null;
  };
  let upstream = followed();
  let replica: ReplicaService | null = null;
  let download: Promise<void> | null = null;
  const wakeReplica = () => replica?.wake();
  const linkedJournal = replicaJournal(sync, clock, upstream?.deviceUuid ?? '', schemaVersion, wakeReplica);
  const linkedRelay = outboxRelay(sync, clock, wakeReplica);
  const makeReplica = () =>
    replicaService(store, sync, feed, ledger, { ...DEFAULT_REPLICA_OPTIONS, ...options }, onLocalError);
  if (upstream) replica = makeReplica();

  /** Only the followed events travel up: an event of this hub's own is none of the online server's business. */
  const isFollowed = (payload: { event: string }) => upstream?.eventIds.includes(eventOf(payload)) ?? false;

  /** This hub's journal: ops for the online server once connected, nothing before or for its own events. */
  const journal: ChangeJournal = {
    nextAttendeeId: () => (upstream ? linkedJournal.nextAttendeeId() : null),
    sendsUp: (eventUuid) => isFollowed({ event: eventUuid }),
    device: () => (upstream ? linkedJournal.device() : null),
    record: (kind, opId, payload, at) => {
      if (isFollowed(payload)) linkedJournal.record(kind, opId, payload, at);
    },
  };

  /** The kiosks' ops this hub applied, passed on in the same transaction. */
  const relay: Relay = {
    active: () => upstream !== null,
    relay: (op, atMs, uncertain) => {
      if (isFollowed(op.payload)) linkedRelay.relay(op, atMs, uncertain);
    },
  };

  async function call<T>(origin: string, path: string, token: string, init: RequestInit = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(new URL(path, origin), {
        ...init,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause;
      throw {
        reason: 'unreachable',
        detail: cause?.message ?? (error as Error).message,
      } satisfies VenueRefusal;
    }
    const body = (await response.json().catch(() => ({}))) as T & { message?: string };
    if (!response.ok) {
      throw {
        reason: 'refused',
        status: response.status,
        message: typeof body.message === 'string' ? body.message : `HTTP ${response.status}`,
      } satisfies VenueRefusal;
    }
    return body;
  }

  /** The events a token lets this hub follow, for the venue to pick from. */
  async function listUpstreamEvents(url: string, token: string): Promise<UpstreamEvents | VenueRefusal> {
    const origin = parseUpstreamUrl(url);
    if (!origin) return { reason: 'invalid_url' };
    try {
      return (await call<z.output<typeof upstreamEventsResponse>>(origin, '/sync/events', token)).data;
    } catch (refusal) {
      return refusal as VenueRefusal;
    }
  }

  /**
   * Connects this hub to an online server and starts following it: the token traded for a device credential, then
   * the first download in the background (`status()` shows its progress, `whenDownloaded()` waits for it). Nothing
   * is stored when the online server refuses.
   */
  /**
   * The organization of this hub whose accounts may become the online server's accounts of the same email: the
   * connecting owner's, or, from the command line, the hub's only organization; none otherwise.
   */
  function adoptingOrganization(organizationId: number | null | undefined): number | null {
    if (organizationId !== undefined && organizationId !== null) return organizationId;
    const organizations = store.repos.organizations.list();
    return organizations.length === 1 ? organizations[0]!.id : null;
  }

  async function connect(request: {
    url: string;
    token: string;
    eventIds: readonly string[];
    name?: string;
    /** The signed-in owner's organization (the dashboard); the command line names none. */
    organizationId?: number | null;
  }): Promise<{ ok: true } | ({ ok: false } & VenueRefusal)> {
    const origin = parseUpstreamUrl(request.url);
    if (!origin) return { ok: false, reason: 'invalid_url' };
    const current = sync.upstream();
    if (current) return { ok: false, reason: 'already_connected', url: current.url };
    if (feed.countAllAttendees() > 0) return { ok: false, reason: 'holds_registrations' };
    let answer: z.output<typeof connectResponse>;
    try {
      answer = await call(origin, '/sync/connect', request.token, {
        method: 'POST',
        body: JSON.stringify({
          name: request.name ?? os.hostname(),
          event_ids: request.eventIds,
          schema_version: schemaVersion,
        }),
      });
    } catch (refusal) {
      return { ok: false, ...(refusal as VenueRefusal) };
    }
    // Its organization must arrive as a new one here: the feed writes into whatever holds its UUID.
    if (feed.organizationIdOf(answer.data.organization) !== null)
      return { ok: false, reason: 'organization_taken' };
    const adopting = adoptingOrganization(request.organizationId);
    store.inTransaction(() => {
      sync.pairWith({
        role: 'venue',
        url: origin,
        deviceUuid: answer.data.device,
        credential: answer.data.credential,
        organizationUuid: answer.data.organization,
        eventIds: answer.data.event_ids,
        grantedNext: answer.data.grant.from,
        grantedTo: answer.data.grant.to,
        pairedAt: toTimestamp(clock.now()),
      });
      feed.setAdoptingOrganization(adopting);
    });
    upstream = followed();
    linkedJournal.setDevice(answer.data.device);
    replica = makeReplica();
    const started = replica;
    download = started
      .syncNow()
      .catch(() => {
        // The loops below try again; the status shows the online server as unreachable meanwhile.
      })
      .finally(() => {
        download = null;
        started.start();
      });
    return { ok: true };
  }

  function status(): VenueStatus {
    const record = followed();
    const live = record && replica ? replica.status() : null;
    return {
      connected: record !== null,
      url: record?.url ?? null,
      eventIds: record?.eventIds ?? [],
      downloading: download !== null,
      pulledRevision: record?.pulledRev ?? 0,
      latestRevision: live?.latestRevision ?? null,
      attendeesHere: record ? feed.countAttendees(record.eventIds) : 0,
      waitingUp: record ? sync.pendingCount() : 0,
      lastSyncAt: live?.lastSyncAt ?? null,
      onlineReachable: live?.hubReachable ?? false,
    };
  }

  return {
    journal,
    relay,
    listUpstreamEvents,
    connect,
    /** Resolves once the first download after `connect` has ended (the CLI waits for it). */
    whenDownloaded: async (): Promise<void> => {
      await download;
    },
    status,
    /** Whether this hub follows an online server. */
    following: () => upstream !== null,
    /** Starts following (the server's start does this when connected). */
    start: () => replica?.start(),
    stop: async () => replica?.stop(),
    /** One push and one pull now: for the CLI and for tests. */
    syncNow: async () => replica?.syncNow(),
  };
}

export type VenueService = ReturnType<typeof venueService>;
