import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../server/app.ts';
import type { Clock } from '../../server/platform/clock.ts';
import { toTimestamp } from '../../server/platform/time.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import type { TokenScope } from '../../server/contract/vocabulary.ts';
import type { UserProfile, UserRecord } from '../../server/people/person.types.ts';
import type { TokenExpiry } from '../../server/access/api-token.rules.ts';
import { applyEventInput } from '../../server/events/event.input.ts';
import type { createEventBody } from '../../server/events/event.schemas.ts';
import { apiTokenService } from '../../server/access/api-token.service.ts';
import type { z } from 'zod';

/** A clock the test moves by hand. */
export interface TestClock extends Clock {
  advance(ms: number): void;
  set(iso: string): void;
}

export function testClock(start = '2026-11-21T10:00:00Z'): TestClock {
  let t = Date.parse(start);
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
    set: (iso) => {
      t = Date.parse(iso);
    },
  };
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-test-'));
}

/** Limits high enough that only tests about rate limiting ever meet them. */
export const UNLIMITED = {
  publicEvents: 100_000,
  profile: 100_000,
  publicOther: 100_000,
  kioskScan: 100_000,
  tickets: 100_000,
  token: 100_000,
};

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  dataDir: string;
  close(): Promise<void>;
}

/** The real app over a fresh SQLite file in a temp dir. */
export async function startTestApp(options: Partial<BuildAppOptions> = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? tempDataDir();
  const clock = (options.clock as TestClock | undefined) ?? testClock();
  const app = await buildApp({
    rateLimits: UNLIMITED,
    checkResponseShapes: true,
    ...options,
    dataDir,
    clock,
  });
  return {
    app,
    clock,
    dataDir,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let slugCounter = 0;

export function createOrganization(app: FastifyInstance, name = 'Test Org'): Organization {
  const slug = `org-${++slugCounter}-${Math.random().toString(36).slice(2, 8)}`;
  return app.store.repos.organizations.create(name, slug, toTimestamp(app.ctx.clock.now()))!;
}

/** An event as the API takes it: `createEvent`'s overrides use this wire format. */
export type EventInput = z.input<typeof createEventBody>;

/** A published event, open for registration and check-in now, unless `overrides` say otherwise. */
export function createEvent(
  app: FastifyInstance,
  organization: Organization,
  overrides: Partial<EventInput> = {},
): EventRecord {
  // Parse like the API does, so overrides use the wire format.
  const input = {
    name: 'Launch Night',
    is_published: true,
    checkin_period_type: 'immediate',
    timezone: 'UTC',
    ...overrides,
  };
  const parsed = (applyEventInput as (base: null, input: unknown) => ReturnType<typeof applyEventInput>)(
    null,
    normalizeTimes(input),
  );
  return app.store.repos.events.create(organization.id, parsed, toTimestamp(app.ctx.clock.now()));
}

/** A fresh app (`startTestApp(options)`) with one organization and, in it, `createEvent(overrides)`'s event. */
export async function startWithEvent(
  overrides: Partial<EventInput> = {},
  options: Partial<BuildAppOptions> = {},
): Promise<{ t: TestApp; org: Organization; event: EventRecord }> {
  const t = await startTestApp(options);
  const org = createOrganization(t.app);
  return { t, org, event: createEvent(t.app, org, overrides) };
}

function normalizeTimes(input: Record<string, unknown>): Record<string, unknown> {
  const out = { ...input };
  for (const key of [
    'starts_at',
    'ends_at',
    'registration_opens_at',
    'registration_closes_at',
    'checkin_starts_at',
    'checkin_ends_at',
  ]) {
    if (typeof out[key] === 'string') out[key] = toTimestamp(new Date(out[key] as string));
  }
  return out;
}

export function createToken(
  app: FastifyInstance,
  organization: Organization,
  options: { name?: string; expires?: TokenExpiry; scopes?: TokenScope[]; eventIds?: string[] } = {},
): string {
  const result = apiTokenService(app.store).issueApiToken({
    organizationId: organization.id,
    name: options.name ?? `token-${Math.random().toString(36).slice(2)}`,
    expires: options.expires ?? 'never',
    scopes: options.scopes,
    eventIds: options.eventIds ?? null,
  });
  if (!result.ok) throw new Error(`could not create token: ${result.reason}`);
  return result.token;
}

export function createUser(
  app: FastifyInstance,
  organization: Organization,
  profile: Partial<UserProfile> = {},
): UserRecord {
  const result = app.store.repos.users.create(
    organization.id,
    {
      email: `user-${Math.random().toString(36).slice(2)}@example.com`,
      firstName: null,
      lastName: null,
      phone: null,
      birthday: null,
      address: null,
      employment: null,
      profilePublic: true,
      publicFields: [],
      ...profile,
    },
    toTimestamp(app.ctx.clock.now()),
  );
  if (!result.ok) throw new Error('could not create user');
  return result.user;
}

/** `app.inject` with a JSON body and, when given, a bearer token; returns status, parsed body and headers. */
export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  const response = await app.inject({
    method,
    url,
    headers: {
      accept: 'application/json',
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
  return {
    status: response.statusCode,
    body: (isJson ? response.json() : response.body) as Record<string, any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
    headers: response.headers,
  };
}

export const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  first_name: 'Ada',
  last_name: 'Lovelace',
  ...extra,
});

/** Pairs a device with `events` as the kiosk's CLI would (a code, then `POST /sync/pair`): its credential. */
export async function pairDevice(
  app: FastifyInstance,
  organization: Organization,
  events: string[],
  name = 'Front door',
): Promise<string> {
  const code = app.ctx.syncHub.createPairingCode(organization.id, events);
  if (!code.ok) throw new Error('no pairing code');
  const paired = await call(app, 'POST', '/sync/pair', { body: { code: code.code, name } });
  if (paired.status !== 201) throw new Error(`pairing refused: ${paired.status}`);
  return paired.body.data.credential as string;
}
