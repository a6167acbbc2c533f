import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { apiTokenService } from '../../server/access/api-token.service.ts';
import { applyEventInput } from '../../server/events/event.input.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import { systemClock } from '../../server/platform/clock.ts';
import { openDatabase } from '../../server/platform/database.ts';
import { toTimestamp } from '../../server/platform/time.ts';
import { createRepositories, createStore } from '../../server/store.ts';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../server/webhooks/webhook.rules.ts';
import { generateWebhookSecret } from '../../server/webhooks/webhook.secrets.ts';
import {
  createEvent,
  createOrganization,
  createToken,
  startTestApp,
  testClock,
  type EventInput,
  type TestApp,
} from './app.ts';

export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  id: string;
  timestamp: string;
  signature: string;
  /** The parsed body. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- payloads are asserted field by field
  json: Record<string, any>;
}

/** An answer, or `hang`: keep the request open and never answer. */
export type Reply = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  /** What the next requests are answered; 200 `ok` until changed. */
  respond: (request: ReceivedRequest) => Reply;
  /** The most requests this receiver had open at once. */
  maxConcurrent(): number;
  /** Stops listening and drops open connections: senders get no answer. */
  goDown(): Promise<void>;
  /** Listens again on the same port. */
  comeBack(): Promise<void>;
  close(): Promise<void>;
  /** Each webhook-id once, in the order first received: what a receiver that dedupes keeps. */
  deduped(): ReceivedRequest[];
}

/** A real HTTP receiver on 127.0.0.1 and a port the OS picks. */
export async function startReceiver(path = '/hooks/arrivals'): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  let open = 0;
  let maxOpen = 0;
  const server = http.createServer((req, res) => {
    open++;
    maxOpen = Math.max(maxOpen, open);
    res.on('close', () => open--);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = (name: string) => String(req.headers[name] ?? '');
      let json = {};
      try {
        json = JSON.parse(body) as object;
      } catch {
        // Asserted by the tests that care.
      }
      const received: ReceivedRequest = {
        path: req.url ?? '',
        headers: req.headers,
        body,
        id: header('webhook-id'),
        timestamp: header('webhook-timestamp'),
        signature: header('webhook-signature'),
        json,
      };
      requests.push(received);
      const reply = receiver.respond(received);
      if (reply === 'hang') return;
      res.writeHead(reply.status, reply.headers);
      res.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const stopListening = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });

  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}${path}`,
    requests,
    respond: () => ({ status: 200, body: 'ok' }),
    maxConcurrent: () => maxOpen,
    goDown: stopListening,
    comeBack: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: async () => {
      if (server.listening) await stopListening();
    },
    deduped() {
      const seen = new Set<string>();
      return requests.filter((r) => !seen.has(r.id) && seen.add(r.id));
    },
  };
  return receiver;
}

/**
 * The app with background sending off (tests run `dispatchDue()` themselves) and no jitter, on a clock that starts
 * at the real time, so that signature libraries accept the timestamps.
 */
export async function startWebhookTestApp(): Promise<TestApp> {
  return startTestApp({
    clock: testClock(new Date().toISOString()),
    webhooks: { autoDispatch: false, random: () => 0.5 },
  });
}

/** The webhook test app, a receiver, an organization allowed to reach it, its event and an API token of it. */
export async function startWebhookScene(eventOverrides: Partial<EventInput> = {}): Promise<{
  t: TestApp;
  receiver: Receiver;
  org: Organization;
  event: EventRecord;
  token: string;
}> {
  const t = await startWebhookTestApp();
  const receiver = await startReceiver();
  const org = createReceivingOrganization(t.app);
  return { t, receiver, org, event: createEvent(t.app, org, eventOverrides), token: createToken(t.app, org) };
}

/**
 * Puts `host` (`127.0.0.1`, `127.0.0.1:PORT`, or a URL whose host is taken) on the organization's LAN
 * integrations, as an owner does in the dashboard: the receivers here listen on loopback, where webhooks may only go
 * once allowed.
 */
export function allowLanHost(app: FastifyInstance, organization: Organization, host: string): void {
  const outcome = app.ctx.lanIntegrations.allowLanHost(organization.id, {
    host: host.includes('://') ? new URL(host).host : host,
  });
  if (!outcome.ok) throw new Error(`could not allow ${host}: ${outcome.reason}`);
}

/** Loopback, every port: where the receivers of these tests listen. */
export const RECEIVER_HOST = '127.0.0.1';

/** An organization whose owners allowed the receivers' host, so its webhooks may reach them. */
export function createReceivingOrganization(app: FastifyInstance, name?: string): Organization {
  const organization = createOrganization(app, name);
  allowLanHost(app, organization, RECEIVER_HOST);
  return organization;
}

/** An enabled endpoint created through the service; returns its id and the secret shown once. */
export function createEndpoint(
  app: FastifyInstance,
  organization: Organization,
  url: string,
  eventTypes?: WebhookEventType[],
): { uuid: string; id: number; secret: string } {
  const outcome = app.ctx.webhooks.createEndpoint(organization.id, { url, event_types: eventTypes });
  if (!outcome.ok) throw new Error(`could not create endpoint: ${outcome.reason}`);
  return { uuid: outcome.endpoint.uuid, id: outcome.endpoint.id, secret: outcome.secret };
}

/** Standard Webhooks verification with the stock library; throws when the request does not verify. */
export function verifyWithLibrary(
  secret: string,
  request: Pick<ReceivedRequest, 'id' | 'timestamp' | 'signature' | 'body'>,
) {
  return new Webhook(secret).verify(request.body, {
    'webhook-id': request.id,
    'webhook-timestamp': request.timestamp,
    'webhook-signature': request.signature,
  });
}

/**
 * Whether one of the request's signatures is the library's for `secret`, whatever the timestamp's age (the
 * library's verify also refuses timestamps more than 5 minutes from the real clock).
 */
export function isSignedWith(secret: string, request: ReceivedRequest): boolean {
  const expected = new Webhook(secret).sign(
    request.id,
    new Date(Number(request.timestamp) * 1000),
    request.body,
  );
  return request.signature.split(' ').includes(expected);
}

interface DeliveryRow {
  id: number;
  status: string;
  attempt_count: number;
  next_attempt_at: number | null;
  last_status_code: number | null;
}

/** The deliveries as stored, oldest first. */
export function deliveryRows(app: FastifyInstance): DeliveryRow[] {
  return app.store.db
    .prepare(
      'SELECT id, status, attempt_count, next_attempt_at, last_status_code FROM webhook_deliveries ORDER BY id',
    )
    .all() as DeliveryRow[];
}

/** Notifications stored, whether still in the outbox as their change wrote them or already expanded. */
export function notificationCount(app: FastifyInstance): number {
  return app.store.db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM webhook_messages)
         + (SELECT COALESCE(SUM(json_array_length(items)), 0) FROM webhook_outbox)`,
    )
    .pluck()
    .get() as number;
}

/**
 * Written straight to `dataDir` before any server process runs: an organization, an open event, a token and an
 * endpoint for every kind of notification at `url`, whose host the owners allowed (receivers listen on loopback).
 */
export function seedWebhookOrganization(dataDir: string, url: string) {
  const db = openDatabase(dataDir);
  try {
    const repos = createRepositories(db);
    const now = toTimestamp(new Date());
    const organization = repos.organizations.create('Restart Hall', 'restart-hall', now)!;
    const event = repos.events.create(
      organization.id,
      applyEventInput(null, { name: 'Open house', is_published: true, timezone: 'UTC' }),
      now,
    );
    const token = apiTokenService(createStore(db, systemClock)).issueApiToken({
      organizationId: organization.id,
      name: 'integration',
      expires: 'never',
    });
    if (!token.ok) throw new Error(token.reason);
    const secret = generateWebhookSecret();
    // The receiver listens on loopback, where webhooks go only once an owner allowed the host.
    repos.lanIntegrations.add(organization.id, new URL(url).host, 'Test receiver', now);
    repos.webhookEndpoints.create(
      organization.id,
      { url, description: 'CRM', eventTypes: WEBHOOK_EVENT_TYPES, enabled: true, disabledReason: null },
      secret,
      now,
    );
    return { eventUuid: event.uuid, token: token.token, secret };
  } finally {
    db.close();
  }
}
