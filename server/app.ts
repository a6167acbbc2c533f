import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type onResponseHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiTokenRoutes } from './access/api-token.routes.ts';
import { apiTokenService } from './access/api-token.service.ts';
import { staffCaller, tokenCaller } from './access/caller.http.ts';
import {
  DEFAULT_RATE_LIMITS,
  documentedRateLimit,
  registerRateLimits,
  type RateLimits,
} from './access/rate-limits.ts';
import {
  registerDashboardHostCheck,
  registerSessionAuthentication,
  SESSION_SCHEME,
  type OwnHostCheck,
} from './access/session-auth.http.ts';
import { sessionRoutes } from './access/session.routes.ts';
import { staffRoutes } from './access/staff.routes.ts';
import { staffService } from './access/staff.service.ts';
import { API_TOKEN_SCHEME, registerTokenAuthentication } from './access/token-auth.http.ts';
import { attendeeActionRoutes, tokenAttendeeRoutes } from './attendees/attendee.routes.ts';
import { attendeeService } from './attendees/attendee.service.ts';
import { ledgerService } from './attendees/ledger.service.ts';
import { bulkNoShowService } from './attendees/bulk-no-show.service.ts';
import { findByNameService } from './attendees/find-by-name.service.ts';
import { deskRoutes } from './attendees/desk.routes.ts';
import { badgeRoutes } from './badges/badge.routes.ts';
import { badgeService } from './badges/badge.service.ts';
import { brandRoutes, publicLogoRoutes } from './brand/brand.routes.ts';
import { brandService } from './brand/brand.service.ts';
import { importThread } from './attendees/import-thread.ts';
import { rollBackUnfinishedImports } from './attendees/import.service.ts';
import { kioskAttendeeRoutes } from './attendees/kiosk-attendee.routes.ts';
import { publicAttendeeRoutes } from './attendees/public-attendee.routes.ts';
import { registrationService } from './attendees/registration.service.ts';
import type { AppContext } from './context.ts';
import { eventRoutes } from './events/event.routes.ts';
import { eventService } from './events/event.service.ts';
import { publicEventRoutes } from './events/public-event.routes.ts';
import { venueCors } from './failover/failover-cors.http.ts';
import { venueCertificates } from './https/certificate.service.ts';
import { venueCertificateRoutes } from './https/https.routes.ts';
import { createSecureServer } from './https/https-server.http.ts';
import { deviceOriginRoutes, roamingRoutes, venueServerRoutes } from './failover/failover.routes.ts';
import {
  DEFAULT_FAILOVER_OPTIONS,
  failoverService,
  type FailoverOptions,
} from './failover/failover.service.ts';
import { registerKioskAccess } from './kiosk/kiosk-access.http.ts';
import { DEFAULT_KIOSK_DIR, kioskStaticRoutes } from './kiosk/static.routes.ts';
import { lanAddressRoutes } from './kiosk/lan-address.routes.ts';
import { publicOrganizationRoutes } from './kiosk/start-page.routes.ts';
import { organizationRoutes } from './organizations/organization.routes.ts';
import { organizationService } from './organizations/organization.service.ts';
import { personRoutes } from './people/person.routes.ts';
import { personService } from './people/person.service.ts';
import { profilePageRoutes } from './people/profile-page.routes.ts';
import { publicProfileRoutes } from './people/public-profile.routes.ts';
import { registerArrival } from './platform/arrival.ts';
import {
  DEFAULT_TRUSTED_SATELLITES,
  forwardedHeaderPolicy,
  forwardingTrust,
} from './platform/client-address.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import {
  capConnectionsPerAddress,
  DEFAULT_CONNECTION_LIMITS,
  timeoutOptions,
  type ConnectionLimits,
} from './platform/connections.ts';
import { openDatabase, SCHEMA_VERSION } from './platform/database.ts';
import { ownHostCheck } from './platform/own-host.ts';
import { earlyErrorOptions, registerErrorHandling } from './platform/errors.ts';
import { registerJsonBodyParser } from './platform/json-body.ts';
import { withRedactedRequests } from './platform/logging.ts';
import { registerApiDocs } from './platform/openapi.ts';
import { requestActivity } from './platform/request-activity.ts';
import { setSecurityHeaders } from './platform/security-headers.ts';
import { responseSerializerCompiler } from './platform/serializer.ts';
import { zodValidatorCompiler } from './platform/validation.ts';
import { createWriteGate, registerWriteGate } from './platform/write-gate.ts';
import { satelliteProxyRoutes } from './satellite/proxy.routes.ts';
import { SATELLITE_DEFAULTS, type SatelliteOptions } from './satellite/satellite-app.ts';
import { satelliteStatusRoutes } from './satellite/status.routes.ts';
import { createStore } from './store.ts';
import { groupCommit, registerGroupCommit } from './platform/group-commit.ts';
import { applyService } from './sync/apply.service.ts';
import { feedRepository } from './sync/feed.repository.ts';
import { hubSessionBridge, type HubSessionBridge } from './sync/hub-session.http.ts';
import { syncHubService } from './sync/hub.service.ts';
import { replicaJournal } from './sync/journal.ts';
import { DEFAULT_REPLICA_OPTIONS, replicaService, type ReplicaOptions } from './sync/replica.service.ts';
import { restoreWatch } from './sync/restore-watch.ts';
import { syncRepository } from './sync/sync.repository.ts';
import { upstreamServerRoutes, venueDashboardRoutes } from './sync/upstream.routes.ts';
import { venueService } from './sync/venue.service.ts';
import { DEVICE_SCHEME, syncDashboardRoutes, syncDeviceRoutes } from './sync/sync.routes.ts';
import {
  DEFAULT_WEBHOOK_DISPATCH,
  webhookDispatcher,
  type WebhookDispatchOptions,
} from './webhooks/dispatcher.service.ts';
import { webhookEndpointService } from './webhooks/endpoint.service.ts';
import { lanIntegrationRoutes } from './webhooks/lan-integration.routes.ts';
import { lanIntegrationService } from './webhooks/lan-integration.service.ts';
import { silentNotifier, webhookNotifier } from './webhooks/notifier.ts';
import { webhookOutbox } from './webhooks/outbox.service.ts';
import { webhookRoutes } from './webhooks/webhook.routes.ts';
import { notifyingAll } from './webhooks/notifier.ts';
import type { EventRecord } from './events/event.types.ts';
import {
  DEFAULT_MAIL_DISPATCH,
  mailDispatcher,
  type MailDispatchOptions,
} from './mail/mail-dispatcher.service.ts';
import { mailDeskRoutes } from './mail/mail-desk.routes.ts';
import { mailNotifier } from './mail/mail-notifier.ts';
import { mailService } from './mail/mail.service.ts';
import { mailSettingsRoutes } from './mail/mail-settings.routes.ts';
import { ticketAgainRoutes } from './mail/ticket-again.routes.ts';
import { setTicketHeaders } from './tickets/ticket.http.ts';
import { ticketRoutes } from './tickets/ticket.routes.ts';
import { ticketService } from './tickets/ticket.service.ts';
import { kioskListRoutes } from './lists/kiosk-list.routes.ts';
import { listRoutes } from './lists/list.routes.ts';
import { listService } from './lists/list.service.ts';

/** How often the counts of who is inside move past the automatic check-outs (and are sampled for the chart). */
const INSIDE_SWEEP_MS = 60_000;

/** The largest request body taken, in bytes (413 above it): 10,000 UUIDs in a bulk no-show are ~380 KiB. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  /** Where the SQLite database lives; created when missing. */
  dataDir: string;
  clock?: Clock;
  rateLimits?: Partial<RateLimits>;
  logger?: FastifyServerOptions['logger'];
  /**
   * A reverse proxy is in front (`--trust-proxy`): every peer's X-Forwarded-For (its last entry) names the client.
   * Off by default.
   */
  trustProxy?: boolean;
  /**
   * Satellites whose X-Forwarded-For names the client, as addresses or CIDR ranges (platform/client-address.ts):
   * the whole list, loopback by default; `[]` trusts no peer.
   */
  trustedSatellites?: readonly string[];
  /** Timeouts and the per-address connection cap (platform/connections.ts); tests use small ones. */
  connections?: Partial<ConnectionLimits>;
  /** The built kiosk screens (electron-vite's out/renderer) served at `/`; false serves none. */
  kioskDir?: string | false;
  /** How the webhook outbox is sent; tests turn `autoDispatch` off and call `ctx.webhookDispatcher.dispatchDue()`. */
  webhooks?: Partial<WebhookDispatchOptions>;
  /** How the mail outbox is sent; tests turn `autoDispatch` off and call `ctx.mailDispatcher.dispatchDue()`. */
  mail?: Partial<MailDispatchOptions>;
  /** A satellite kiosk: no database of its own, every API call forwarded to this hub (satellite/satellite-app.ts). */
  satellite?: SatelliteOptions;
  /**
   * better-sqlite3's compiled addon to load instead of the one in node_modules. The desktop shell passes the copy
   * built for Electron's ABI (electron/README.md); Node, the CLI and the tests use the default.
   */
  nativeBinding?: string;
  /**
   * Host names the dashboard API answers to besides its own addresses, localhost and the machine's host name
   * (platform/own-host.ts): a name in the venue's DNS, or the address a port-forward or container is reached at.
   */
  allowedHosts?: readonly string[];
  /** The machine's interface addresses (the OS's by default): the Host check and the LAN origins QR codes carry. */
  interfaceAddresses?: () => string[];
  /** Fail any response whose body strays from its declared schema (platform/serializer.ts); the tests turn it on. */
  checkResponseShapes?: boolean;
  /** How a paired replica talks to its hub (sync/replica.service.ts); tests shorten the waits. */
  replica?: Partial<ReplicaOptions>;
  /** How a replica tells its hub where it serves and reads the venue's list (failover/failover.service.ts). */
  failover?: Partial<FailoverOptions>;
  /**
   * A certificate and key (PEM) to serve the same app over TLS too, on a second port (`listenHttps`,
   * https/https-server.http.ts): the venue CA's (https/certificate.service.ts) or the organizer's own.
   */
  https?: { key: string; cert: string };
}

/**
 * Builds the whole API over the database in `dataDir`. It never listens: the CLI's `serve`, the desktop shell and
 * the tests each decide that (tests use `app.inject()`).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  if (options.satellite) {
    // Loaded only here: its proxy (@fastify/reply-from and undici, a quarter of the files a start reads) is of no
    // use to a hub, and every start would pay for it.
    const { buildSatelliteApp } = await import('./satellite/satellite-app.ts');
    return buildSatelliteApp({ ...options, satellite: options.satellite });
  }
  const clock = options.clock ?? systemClock;
  const { nativeBinding } = options;
  // Every writer on this thread waits here while the import's worker writes (platform/write-gate.ts).
  const writeGate = createWriteGate();
  const db = openDatabase(options.dataDir, { nativeBinding });
  // The writes of one turn of the event loop commit together, and answers wait for that commit.
  const commits = groupCommit(db, writeGate);
  const store = createStore(db, clock, commits);
  const sync = syncRepository(store.db);
  // A data dir paired with a hub (`arrivals device pair`) runs as its replica kiosk; a hub may follow an online
  // server (`arrivals upstream connect`) and stays a hub for its kiosks: docs/sync.md.
  const upstream = sync.upstream();
  const isReplica = upstream?.role === 'kiosk';
  // The dispatcher writes through a connection of its own (see webhooks/dispatcher.service.ts), to the file the
  // first connection has just checked.
  const dispatcher = webhookDispatcher(
    openDatabase(options.dataDir, { nativeBinding, checkIntegrity: false }),
    clock,
    { ...DEFAULT_WEBHOOK_DISPATCH, ...options.webhooks },
    writeGate,
  );
  // An import that died with its process between two of its chunks is undone before anything reads it.
  const abandonedImports = rollBackUnfinishedImports(store);
  const imports = importThread({
    dataDir: options.dataDir,
    nativeBinding: options.nativeBinding,
    clock,
    gate: writeGate,
    onQueued: () => {
      dispatcher.wake();
      mailSender.wake();
    },
    onDied: () => {
      try {
        for (const undone of rollBackUnfinishedImports(store))
          app.log.warn(undone, 'an unfinished import was rolled back');
      } catch (error) {
        app.log.error({ err: error }, 'an unfinished import could not be rolled back; the next start will');
      }
    },
  });
  const outbox = webhookOutbox(store.repos, clock, dispatcher.wake);
  // Mail gives way to the requests this server answers (platform/request-activity.ts).
  const activity = requestActivity();
  const mailOptions = { ...DEFAULT_MAIL_DISPATCH, requestsInFlight: activity.inFlight, ...options.mail };
  const mailSender = mailDispatcher(
    openDatabase(options.dataDir, { nativeBinding, checkIntegrity: false }),
    clock,
    mailOptions,
    writeGate,
  );
  // Mail leaves from the node that holds the truth: never a replica, and for the events a venue's hub follows, the
  // online server (docs/sync.md), as their webhooks do.
  const mailsFor = (event: EventRecord): boolean =>
    !isReplica && !(venue?.following() && (sync.upstream()?.eventIds.includes(event.uuid) ?? false));
  const mail = mailService(store, {
    wake: mailSender.wake,
    mailsFor,
    timeouts: mailOptions.timeouts,
    trustedCertificates: mailOptions.trustedCertificates,
  });
  // Webhooks and mail leave from the hub, once per change that won there; a replica tells nobody.
  const notify = isReplica
    ? silentNotifier
    : notifyingAll(webhookNotifier(outbox), mailNotifier(store.repos, mail.outbox, { mailsFor, clock }));
  // Every change to an attendee goes through the ledger, which writes the rows from the facts (docs/sync.md).
  const ledger = ledgerService(store, store.repos.ledger, notify);
  // Rows migration 017 left to write again from their facts: once, before anything reads them.
  ledger.rebuildPending();
  // A hub restored from a backup notices it itself, and its replicas start over (sync/restore-watch.ts).
  const restores = isReplica ? null : restoreWatch(options.dataDir, sync);
  const restored = restores?.checkAtStart() ?? false;
  const apply = applyService(store, sync, ledger);
  const feed = feedRepository(store.db);
  const replicaOptions = { ...DEFAULT_REPLICA_OPTIONS, ...options.replica };
  const logSyncError = (error: unknown) =>
    app.log.error({ err: error }, 'a sync with the node this one follows failed here; it is tried again');
  const replica = isReplica ? replicaService(store, sync, feed, ledger, replicaOptions, logSyncError) : null;
  // Every hub can follow an online server; until it does, its journal records nothing.
  const venue = isReplica
    ? null
    : venueService(store, sync, feed, ledger, SCHEMA_VERSION, replicaOptions, logSyncError);
  const journal = replica
    ? replicaJournal(sync, clock, upstream!.deviceUuid, SCHEMA_VERSION, () => replica.wake())
    : venue!.journal;
  const syncHub = syncHubService(
    store,
    sync,
    feed,
    apply,
    notify,
    SCHEMA_VERSION,
    venue?.relay,
    (op, error) =>
      app.log.error(
        { err: error, op_id: op.op_id, kind: op.kind },
        'an op could not be applied; the next ops go on',
      ),
  );
  // A replica checks with its hub the passwords it cannot check alone (sync/hub-session.http.ts). The hub answers
  // after a full-cost scrypt, which takes seconds on a busy machine: it gets the time of an answer, not of a
  // connection, or a slow hub would read as a wrong password.
  const hubSessions = isReplica ? hubSessionBridge(upstream.url, SATELLITE_DEFAULTS.responseTimeoutMs) : null;
  const attendees = attendeeService(store, ledger, journal);
  const failover = failoverService(store, {
    ...DEFAULT_FAILOVER_OPTIONS,
    ...options.failover,
    hub: isReplica
      ? {
          url: upstream.url,
          credential: upstream.credential,
          deviceUuid: upstream.deviceUuid,
          eventIds: upstream.eventIds,
        }
      : null,
    syncHub,
    interfaceAddresses: options.interfaceAddresses,
  });
  const ctx: AppContext = {
    clock,
    organizations: organizationService(store),
    events: eventService(store, notify),
    registrations: registrationService(store, ledger, journal),
    attendees,
    findByName: findByNameService(store, attendees),
    bulkNoShow: bulkNoShowService(store, notify, journal),
    badges: badgeService(store),
    brand: brandService(store),
    imports,
    people: personService(store),
    tokens: apiTokenService(store),
    staff: staffService(store, { confirmUpstream: hubSessions?.confirmAtHub }),
    webhooks: webhookEndpointService(store, outbox),
    lanIntegrations: lanIntegrationService(store),
    webhookDispatcher: dispatcher,
    mail,
    mailDispatcher: mailSender,
    tickets: ticketService(store, attendees),
    lists: listService(store, ledger, journal),
    syncHub,
    replica,
    venue,
    failover,
    venueCertificates: venueCertificates(options.dataDir),
  };
  // Printed by `serve` and shown by the desktop shell through `app.ctx.staff.setupCode()`. A replica's staff
  // accounts come from its hub, so setup is the hub's.
  if (!isReplica) ctx.staff.issueSetupCode();
  const isOwnHost = ownHostCheck({
    allowedHosts: options.allowedHosts,
    interfaceAddresses: options.interfaceAddresses,
  });

  const trust = forwardingTrust({
    reverseProxy: options.trustProxy === true,
    satellites: options.trustedSatellites ?? DEFAULT_TRUSTED_SATELLITES,
  });
  const connections = { ...DEFAULT_CONNECTION_LIMITS, ...options.connections };
  const app = Fastify({
    logger: withRedactedRequests(options.logger),
    trustProxy: trust.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    ...timeoutOptions(connections),
    ...earlyErrorOptions,
  }).withTypeProvider<ZodTypeProvider>();
  for (const undone of abandonedImports)
    app.log.warn(undone, 'an import the server stopped in was rolled back');
  if (restored) {
    app.log.warn(
      'this database is behind the history it had reached: restored from a backup; replicas start over',
    );
  }
  capConnectionsPerAddress(app.server, connections.maxConnectionsPerAddress, trust.forwardsForOthers);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(
    responseSerializerCompiler({ checkShapes: options.checkResponseShapes ?? false }),
  );
  app.decorate('ctx', ctx);
  app.decorate('store', store);
  app.decorate('writeGate', writeGate);
  app.decorate(
    'httpsServer',
    options.https ? createSecureServer(app, options.https, connections, trust.forwardsForOthers) : null,
  );
  app.addHook('onClose', async () => {
    commits.flush();
    store.db.close();
  });
  app.addHook('onClose', async () => restores?.stop());
  app.addHook('onClose', async () => dispatcher.stop());
  app.addHook('onClose', async () => mailSender.stop());
  // onClose hooks run last added first: the import's worker stops before the connections of this thread close.
  app.addHook('onClose', async () => imports.close());
  app.addHook('onClose', async () => replica?.stop());
  app.addHook('onClose', async () => venue?.stop());
  app.addHook('onClose', async () => failover.stop());
  // Automatic check-outs pass by themselves: the counts move on, and webhooks hear of the exits (lists/).
  let insideSweep: NodeJS.Timeout | null = null;
  app.addHook('onClose', async () => {
    if (insideSweep) clearInterval(insideSweep);
  });
  // Where this server serves, for the venue's list (failover/): known once it listens, on whatever port it got.
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address && typeof address === 'object') {
      failover.listening({ protocol: 'http', address: address.address, port: address.port });
    }
  });
  // Long-polls answer at once when closing begins, so closing never waits for one.
  app.addHook('preClose', (done) => {
    syncHub.close();
    done();
  });
  app.addHook('onReady', async () => {
    restores?.start();
    insideSweep = setInterval(() => {
      try {
        ctx.lists.sweep();
      } catch (error) {
        app.log.error(
          { err: error },
          'the counts of who is inside could not be moved on; the next minute will',
        );
      }
    }, INSIDE_SWEEP_MS);
    insideSweep.unref();
    if (replica) {
      replica.start();
      failover.start();
    } else {
      dispatcher.start(app.log);
      mailSender.start(app.log);
      venue!.start();
    }
    // Building and starting wrote alone; answering, the writes of a turn commit together (platform/group-commit.ts).
    commits.start();
  });
  // Replicas waiting on the feed look at once after a write here: each route that may write says so once it has
  // answered. Only those: a read answers without this hook (server/README.md, "The read path").
  const nudgeReplicas: onResponseHookHandler = function nudgeReplicas(request, _reply, done) {
    if (request.method !== 'GET' && request.method !== 'HEAD') syncHub.nudge();
    done();
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) return;
    const own = route.onResponse ?? [];
    route.onResponse = [...(Array.isArray(own) ? own : [own]), nudgeReplicas];
  });

  const refuseWhileClosing = registerErrorHandling(app);
  registerJsonBodyParser(app);
  const waitAtWriteGate = registerWriteGate(app, writeGate);
  registerGroupCommit(app, commits);
  registerArrival(app, [
    setSecurityHeaders,
    setTicketHeaders,
    activity.count,
    forwardedHeaderPolicy(trust),
    refuseWhileClosing,
    waitAtWriteGate,
    // Before the rate limits: a kiosk page that moved to this server asks before each new kind of call (a CORS
    // preflight), and that question is answered here without counting against its limits.
    venueCors((origin) => failover.isVenueOrigin(origin)),
  ]);
  const rateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  registerRateLimits(app, rateLimits, clock);
  await registerApiDocs(app, {
    securitySchemes: { ...API_TOKEN_SCHEME, ...SESSION_SCHEME, ...DEVICE_SCHEME },
    rateLimitOf: (method, path) => documentedRateLimit(rateLimits, method, path),
  });

  // Public: no credentials; rate limits by path (access/rate-limits.ts).
  await app.register(publicEventRoutes);
  await app.register(publicLogoRoutes);
  await app.register(publicAttendeeRoutes);
  await app.register(ticketAgainRoutes);
  // Under its own prefix: its CORS preflight route must not answer for any other path.
  await app.register(publicProfileRoutes, { prefix: '/public/profile' });
  await app.register(profilePageRoutes);
  // A ticket, opened by its secret; a replica answers it from its own database, as it does registration.
  await app.register(ticketRoutes);
  await app.register(publicOrganizationRoutes);
  await app.register(satelliteStatusRoutes, {
    probe: null,
    replica: replica ? () => replica.status() : undefined,
  });
  await app.register(syncDeviceRoutes);
  await app.register(venueServerRoutes);
  await app.register(venueCertificateRoutes);
  // The kiosk's own endpoints: whoever `kioskAccess` admits (today any browser on the LAN); rate limits by path. A
  // replica answers them from its own database, like the public ones.
  await app.register(async (kiosk) => {
    registerKioskAccess(kiosk);
    await kiosk.register(kioskAttendeeRoutes);
    await kiosk.register(kioskListRoutes);
  });
  if (options.kioskDir !== false) {
    await app.register(kioskStaticRoutes, {
      root: options.kioskDir ?? DEFAULT_KIOSK_DIR,
      connectSources: () => [...failover.venueOrigins()],
    });
  }

  if (hubSessions) {
    await registerReplicaApis(app, upstream!.url, isOwnHost, hubSessions);
    return app;
  }

  // Paired kiosks say where they serve, for the venue's list.
  await app.register(deviceOriginRoutes);

  // The staff dashboard's API, under `/dashboard/api`, authenticated by a session cookie.
  await app.register(
    async (dashboard) => {
      registerSessionAuthentication(dashboard, isOwnHost);
      await dashboard.register(sessionRoutes);
      await dashboard.register(roamingRoutes, { issues: true });
      await dashboard.register(staffRoutes);
      await dashboard.register(eventRoutes(staffCaller));
      await dashboard.register(deskRoutes, { wholeEventWork: true });
      await dashboard.register(badgeRoutes({ writable: true }));
      await dashboard.register(brandRoutes({ writable: true }));
      await dashboard.register(attendeeActionRoutes(staffCaller));
      await dashboard.register(listRoutes(staffCaller, { writable: true }));
      await dashboard.register(personRoutes(staffCaller, { readable: true }));
      await dashboard.register(apiTokenRoutes);
      await dashboard.register(webhookRoutes(staffCaller));
      await dashboard.register(syncDashboardRoutes);
      await dashboard.register(venueDashboardRoutes(venue!));
      // Dashboard only: a token may never open the venue network to webhooks.
      await dashboard.register(lanIntegrationRoutes);
      await dashboard.register(lanAddressRoutes, { interfaceAddresses: options.interfaceAddresses });
      // Mail is the hub's (a replica forwards these): the organization's server (owners) and the desk's mail.
      await dashboard.register(mailSettingsRoutes);
      await dashboard.register(mailDeskRoutes);
    },
    { prefix: '/dashboard/api' },
  );

  // The token API under `/api`: `Authorization: Bearer <token>`, rate-limited per token.
  await app.register(async (api) => {
    registerTokenAuthentication(api);
    await api.register(organizationRoutes);
    await api.register(eventRoutes(tokenCaller));
    await api.register(tokenAttendeeRoutes);
    await api.register(attendeeActionRoutes(tokenCaller));
    await api.register(listRoutes(tokenCaller, { writable: true }));
    await api.register(personRoutes(tokenCaller, { readable: false }));
    await api.register(webhookRoutes(tokenCaller));
    // A venue's hub following this server authenticates with a `sync` token, at /sync/connect and /sync/events.
    await api.register(upstreamServerRoutes);
  });

  return app;
}

/**
 * A replica kiosk's APIs: the desk (sign-in, the event's attendees, check-in, walk-ins, cancel, no-show) answered
 * here from the replica, so it works while the hub is away; everything else of the dashboard and the whole token
 * API forwarded to the hub (503 while it is away), the dashboard with the hub session the replica keeps beside its
 * own (sync/hub-session.http.ts).
 */
async function registerReplicaApis(
  app: FastifyInstance,
  hubUrl: string,
  isOwnHost: OwnHostCheck,
  bridge: HubSessionBridge,
): Promise<void> {
  const forward = {
    hubUrl,
    connectTimeoutMs: SATELLITE_DEFAULTS.connectTimeoutMs,
    responseTimeoutMs: SATELLITE_DEFAULTS.responseTimeoutMs,
  };
  // Also before the paths forwarded to the hub, which would otherwise reach it with the hub's own name as Host.
  registerDashboardHostCheck(app, isOwnHost);
  await app.register(
    async (dashboard) => {
      registerSessionAuthentication(dashboard, isOwnHost);
      dashboard.addHook('onSend', async (request, reply, payload) => {
        if (request.routeOptions.url === '/dashboard/api/session') {
          if (request.method === 'POST' && reply.statusCode === 200) {
            await bridge.signInAtHub(reply, request.body as { email: string; password: string });
          }
          if (request.method === 'DELETE') bridge.signedOut(request);
        }
        return payload;
      });
      await dashboard.register(sessionRoutes);
      await dashboard.register(roamingRoutes, { issues: false });
      await dashboard.register(eventRoutes(staffCaller, { writable: false }));
      await dashboard.register(deskRoutes, { wholeEventWork: false });
      await dashboard.register(badgeRoutes({ writable: false }));
      await dashboard.register(brandRoutes({ writable: false }));
      await dashboard.register(attendeeActionRoutes(staffCaller));
      // The desk's scans on a list and who is inside, from the replica's copy; list changes go to the hub.
      await dashboard.register(listRoutes(staffCaller, { writable: false }));
    },
    { prefix: '/dashboard/api' },
  );
  await app.register(satelliteProxyRoutes, {
    ...forward,
    prefix: '/dashboard/api',
    hubCookieFor: bridge.cookieFor,
  });
  await app.register(satelliteProxyRoutes, { ...forward, prefix: '/api' });
}
