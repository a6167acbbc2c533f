/**
 * The writes of a chaos run: a plan drawn from the seed (who does what, where, when), played by a few clients
 * against every tier at once, each answer recorded. An acknowledged write (2xx) is a promise the checks hold the
 * venue to; a write with no answer (a timeout, a reset) may or may not have happened, and is kept as such.
 */
import { Agent, fetch } from 'undici';
import { OWNER } from '../helpers/sync-venue.ts';
import { NODES, PREREGISTERED, type EventName, type NodeName, type Venue } from './processes.ts';
import type { Prng } from './prng.ts';

export type WriteKind =
  /** POST /public/events/:e/register */
  | 'register'
  /** POST /kiosk/api/events/:e/register: answered with the check-in code */
  | 'kiosk_register'
  /** POST /public/events/:e/check-in */
  | 'self_check_in'
  /** POST /kiosk/api/events/:e/scan with a check-in code */
  | 'scan'
  /** POST /public/events/:e/cancel */
  | 'public_cancel'
  /** The desk (/dashboard/api): found by email in the list, then acted on by UUID. */
  | 'walk_in'
  | 'desk_check_in'
  | 'desk_scan'
  | 'desk_undo'
  | 'desk_cancel'
  | 'desk_no_show'
  | 'desk_approve'
  /** The token API (/api; a kiosk forwards it to the hub). */
  | 'token_cancel'
  | 'token_no_show'
  /** POST /kiosk/api/events/:e/check-in-lists/:l/scan with a check-in code: an entry or an exit on a list. */
  | 'list_scan'
  /** The desk's scan on a list (/dashboard/api/.../check-in-lists/:l/scans), by check-in code. */
  | 'desk_list_scan';

export type StepKind = WriteKind | 'check';

const STEP_WEIGHTS: readonly (readonly [StepKind, number])[] = [
  ['register', 14],
  ['kiosk_register', 12],
  ['walk_in', 5],
  ['self_check_in', 14],
  ['scan', 8],
  ['desk_check_in', 6],
  ['desk_scan', 3],
  ['desk_undo', 7],
  ['public_cancel', 6],
  ['desk_cancel', 4],
  ['token_cancel', 3],
  ['desk_no_show', 3],
  ['token_no_show', 2],
  ['desk_approve', 6],
  ['check', 4],
  ['list_scan', 10],
  ['desk_list_scan', 4],
];

const NODE_WEIGHTS: readonly (readonly [NodeName, number])[] = NODES.map((node) => [node, 2] as const);

export const CHECK_IN_KINDS: ReadonlySet<StepKind> = new Set([
  'self_check_in',
  'scan',
  'desk_check_in',
  'desk_scan',
]);
export const REGISTRATION_KINDS: ReadonlySet<StepKind> = new Set(['register', 'kiosk_register', 'walk_in']);
export const CANCEL_KINDS: ReadonlySet<StepKind> = new Set(['public_cancel', 'desk_cancel', 'token_cancel']);
export const NO_SHOW_KINDS: ReadonlySet<StepKind> = new Set(['desk_no_show', 'token_no_show']);
export const LIST_SCAN_KINDS: ReadonlySet<StepKind> = new Set(['list_scan', 'desk_list_scan']);

/** The people of a run: the online server's early registrations and guests no tier has seen yet. */
export function peopleOf(guests: number): string[] {
  return [...PREREGISTERED, ...Array.from({ length: guests }, (_, i) => `guest${i}@chaos.test`)];
}

export interface Step {
  /** When to start it, in ms from the start of the run. */
  atMs: number;
  client: number;
  node: NodeName;
  kind: StepKind;
  event: EventName;
  email: string;
  /** For a scan: which of the person's known check-in codes (an index into them, modulo their number). */
  pick: number;
  /**
   * Acting on someone already registered (a check-in, a cancellation, a desk action): the step takes, by `pick`,
   * one of the people an answer showed registered for the event so far, instead of `email` (when there is one).
   */
  registeredOnly: boolean;
}

export interface WorkloadOptions {
  durationMs: number;
  clients: number;
  /** Each client waits this long between two steps. */
  minGapMs: number;
  maxGapMs: number;
  guests: number;
}

/** The whole plan, drawn before the run: each client's steps, in order. */
export function drawWorkload(random: Prng, options: WorkloadOptions): Step[] {
  const people = peopleOf(options.guests);
  const guests = people.filter((email) => !PREREGISTERED.includes(email));
  const steps: Step[] = [];
  for (let client = 0; client < options.clients; client++) {
    const own = random.fork(`client ${client}`);
    for (
      let at = own.int(0, options.maxGapMs);
      at < options.durationMs;
      at += own.int(options.minGapMs, options.maxGapMs)
    ) {
      const kind = own.weighted(STEP_WEIGHTS);
      steps.push({
        atMs: at,
        client,
        node: own.weighted(NODE_WEIGHTS),
        kind,
        // Lists are the main event's.
        event:
          kind === 'desk_approve' ? 'vip' : LIST_SCAN_KINDS.has(kind) || own.chance(0.75) ? 'main' : 'vip',
        // Registrations mostly of guests: the early birds are registered online already.
        email: REGISTRATION_KINDS.has(kind) && own.chance(0.8) ? own.pick(guests) : own.pick(people),
        pick: own.int(0, 1_000),
        registeredOnly: !REGISTRATION_KINDS.has(kind) && kind !== 'check' && own.chance(0.7),
      });
    }
  }
  return steps.sort((a, b) => a.atMs - b.atMs || a.client - b.client);
}

export function describeStep(step: Step): string {
  return `${(step.atMs / 1000).toFixed(1).padStart(6)} s  client ${step.client}  ${step.node.padEnd(7)} ${step.kind} ${step.event} ${step.email}`;
}

/** One HTTP exchange with a node, whatever it was for. */
export interface Exchange {
  node: NodeName;
  method: string;
  path: string;
  startedMs: number;
  endedMs: number;
  /** Null: no answer (timeout, reset, refused). */
  status: number | null;
  body: unknown;
  error?: string;
}

/**
 * `acked`: 2xx. `refused`: 4xx, nothing changed. `unknown`: no answer, or a 5xx, so it may have happened.
 * `skipped`: not sent (its node was down, or the desk found no such person there).
 */
export type Outcome = 'acked' | 'refused' | 'unknown' | 'skipped';

/** What an acked answer said about the person. */
export interface Answered {
  uuid?: string;
  id?: number;
  code?: string;
  email?: string;
  status?: string;
  checkedInAt?: string | null;
}

export interface Attempt {
  step: Step;
  outcome: Outcome;
  startedMs: number;
  endedMs: number;
  status: number | null;
  answered: Answered;
  /** For a scan: the code sent, and the person it was known to belong to. */
  code?: string;
  /** For a scan on a list: which list, and which way; and what the door answered (`data.result`). */
  list?: { uuid: string; direction: 'entry' | 'exit' };
  answeredResult?: string;
  note?: string;
}

export interface WorkloadRecord {
  attempts: Attempt[];
  exchanges: Exchange[];
}

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The clients' side of the run. One connection per request (no keep-alive), so that a process killed between two
 * requests costs only the request under way.
 */
export function workloadClient(venue: Venue, startedAt: number) {
  const agent = new Agent({ pipelining: 0, connect: { timeout: 3_000 } });
  const record: WorkloadRecord = { attempts: [], exchanges: [] };
  const cookies = new Map<NodeName, string>();
  /** Every check-in code an answer gave, by event and email: what people carry to a scanner. */
  const codes = new Map<string, string[]>(
    Object.entries(venue.template.codes).map(([email, code]) => [`main ${email}`, [code]]),
  );
  const since = () => Date.now() - startedAt;
  const { events } = venue.template;

  async function http(
    node: NodeName,
    method: string,
    path: string,
    options: { body?: unknown; token?: string; cookie?: string } = {},
  ): Promise<Exchange> {
    const { baseUrl } = venue.nodes[node];
    const exchange: Exchange = {
      node,
      method,
      path,
      startedMs: since(),
      endedMs: 0,
      status: null,
      body: null,
    };
    try {
      const response = await fetch(baseUrl + path, {
        method,
        dispatcher: agent,
        headers: {
          accept: 'application/json',
          origin: baseUrl,
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
        body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      exchange.status = response.status;
      try {
        exchange.body = text ? JSON.parse(text) : null;
      } catch {
        exchange.body = text.slice(0, 500);
      }
      if (response.status === 200 && path === '/dashboard/api/session' && method === 'POST') {
        const cookie = /arrivals_session=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0];
        if (cookie) cookies.set(node, cookie);
      }
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause;
      exchange.error = `${(error as Error).name}: ${cause?.message ?? (error as Error).message}`;
    }
    exchange.endedMs = since();
    record.exchanges.push(exchange);
    return exchange;
  }

  /** The dashboard session at `node`, signing in when there is none or it was refused. */
  async function desk(node: NodeName, method: string, path: string, body?: unknown): Promise<Exchange> {
    for (let attempt = 0; ; attempt++) {
      let cookie = cookies.get(node);
      if (!cookie) {
        const signIn = await http(node, 'POST', '/dashboard/api/session', { body: OWNER });
        if (signIn.status !== 200) return signIn;
        cookie = cookies.get(node)!;
      }
      const answer = await http(node, method, path, { cookie, body });
      if (answer.status !== 401 || attempt > 0) return answer;
      cookies.delete(node);
    }
  }

  const tokenFor = (node: NodeName) =>
    node === 'online' ? venue.template.tokens.online : venue.template.tokens.hub;

  /** The people an answer showed registered, by event, in the order they were first seen. */
  const registered = new Map<EventName, string[]>([['main', [...PREREGISTERED]]]);
  function learnRegistered(event: EventName, email: string) {
    const known = registered.get(event) ?? [];
    if (!known.includes(email)) known.push(email);
    registered.set(event, known);
  }
  const personKey = (event: EventName, email: string) => `${event} ${email}`;
  const eventNameOf = (uuid: string) => (uuid === events.main ? 'main' : 'vip') as EventName;
  function learnCode(event: EventName, email: string, code: unknown) {
    if (typeof code !== 'string') return;
    const known = codes.get(personKey(event, email)) ?? [];
    if (!known.includes(code)) known.push(code);
    codes.set(personKey(event, email), known);
  }

  const registrationBody = (email: string) => ({
    email,
    first_name: 'Guest',
    last_name: email.split('@')[0],
    company: 'Chaos Ltd',
  });

  /** The person's row in the desk list at `node`: the live registration, else the latest cancelled one. */
  async function findAtDesk(
    node: NodeName,
    event: string,
    email: string,
  ): Promise<{ exchange: Exchange; uuid: string | null }> {
    const exchange = await desk(
      node,
      'GET',
      `/dashboard/api/events/${event}/attendees?q=${encodeURIComponent(email)}&per_page=50`,
    );
    const rows = (
      (
        exchange.body as {
          data?: { id: string; email: string; status: string; checkin_code: string }[];
        } | null
      )?.data ?? []
    ).filter((row) => row.email.toLowerCase() === email);
    for (const row of rows) learnCode(eventNameOf(event), email, row.checkin_code);
    const row = rows.find((r) => r.status !== 'canceled') ?? rows[0];
    return { exchange, uuid: row?.id ?? null };
  }

  async function findByToken(
    node: NodeName,
    event: string,
    email: string,
  ): Promise<{ exchange: Exchange; uuid: string | null }> {
    const exchange = await http(
      node,
      'GET',
      `/api/events/${event}/attendees?email=${encodeURIComponent(email)}&per_page=100`,
      { token: tokenFor(node) },
    );
    const rows =
      (exchange.body as { data?: { id: string; status: string; checkin_code: string }[] } | null)?.data ?? [];
    for (const row of rows) learnCode(eventNameOf(event), email, row.checkin_code);
    const row = rows.find((r) => r.status !== 'canceled') ?? rows[0];
    return { exchange, uuid: row?.id ?? null };
  }

  /** Runs one step and records it. */
  async function run(planned: Step): Promise<Attempt> {
    const known = registered.get(planned.event) ?? [];
    const step =
      planned.registeredOnly && known.length > 0
        ? { ...planned, email: known[planned.pick % known.length]! }
        : planned;
    const node = venue.nodes[step.node];
    const event = events[step.event];
    const { email } = step;
    const attempt: Attempt = {
      step,
      outcome: 'skipped',
      startedMs: since(),
      endedMs: since(),
      status: null,
      answered: {},
    };
    const done = (exchange: Exchange | null, note?: string): Attempt => {
      attempt.endedMs = since();
      if (note) attempt.note = note;
      if (exchange) {
        attempt.status = exchange.status;
        attempt.outcome =
          exchange.status === null || exchange.status >= 500
            ? 'unknown'
            : exchange.status < 300
              ? 'acked'
              : 'refused';
        if (attempt.outcome === 'acked') {
          attempt.answered = answeredBy(step, exchange.body);
          if (LIST_SCAN_KINDS.has(step.kind)) {
            attempt.answeredResult = (exchange.body as { data?: { result?: string } } | null)?.data?.result;
          }
          learnCode(step.event, email, attempt.answered.code);
          if (REGISTRATION_KINDS.has(step.kind)) learnRegistered(step.event, email);
        }
        if (exchange.status === null) attempt.note = exchange.error;
        else if (exchange.status >= 300) attempt.note = (exchange.body as { message?: string })?.message;
      }
      record.attempts.push(attempt);
      return attempt;
    };
    if (node.state() !== 'up') return done(null, `${step.node} is ${node.state()}`);

    switch (step.kind) {
      case 'register': {
        return done(
          await http(step.node, 'POST', `/public/events/${event}/register`, {
            body: registrationBody(email),
          }),
        );
      }
      case 'kiosk_register': {
        return done(
          await http(step.node, 'POST', `/kiosk/api/events/${event}/register`, {
            body: registrationBody(email),
          }),
        );
      }
      case 'self_check_in':
        return done(await http(step.node, 'POST', `/public/events/${event}/check-in`, { body: { email } }));
      case 'public_cancel':
        return done(await http(step.node, 'POST', `/public/events/${event}/cancel`, { body: { email } }));
      case 'check':
        return done(
          await http(step.node, 'GET', `/public/events/${event}/check?email=${encodeURIComponent(email)}`),
        );
      case 'scan':
      case 'desk_scan': {
        const known = codes.get(personKey(step.event, email)) ?? [];
        if (known.length === 0) return done(null, 'no check-in code known for this person');
        attempt.code = known[step.pick % known.length]!;
        const body = { code: `ARV1:${attempt.code}` };
        return done(
          step.kind === 'scan'
            ? await http(step.node, 'POST', `/kiosk/api/events/${event}/scan`, { body })
            : await desk(step.node, 'POST', `/dashboard/api/events/${event}/scan`, body),
        );
      }
      case 'list_scan':
      case 'desk_list_scan': {
        const known = codes.get(personKey(step.event, email)) ?? [];
        if (known.length === 0) return done(null, 'no check-in code known for this person');
        attempt.code = known[step.pick % known.length]!;
        const { workshop, terrace } = venue.template.lists;
        attempt.list = {
          uuid: step.pick % 2 === 0 ? workshop : terrace,
          direction: Math.floor(step.pick / 2) % 3 === 0 ? 'exit' : 'entry',
        };
        const body = { code: `ARV1:${attempt.code}`, direction: attempt.list.direction };
        return done(
          step.kind === 'list_scan'
            ? await http(
                step.node,
                'POST',
                `/kiosk/api/events/${event}/check-in-lists/${attempt.list.uuid}/scan`,
                {
                  body,
                },
              )
            : await desk(
                step.node,
                'POST',
                `/dashboard/api/events/${event}/check-in-lists/${attempt.list.uuid}/scans`,
                body,
              ),
        );
      }
      case 'walk_in': {
        return done(
          await desk(step.node, 'POST', `/dashboard/api/events/${event}/attendees`, registrationBody(email)),
        );
      }
      case 'desk_check_in':
      case 'desk_undo':
      case 'desk_cancel':
      case 'desk_no_show':
      case 'desk_approve': {
        const found = await findAtDesk(step.node, event, email);
        if (found.exchange.status !== 200)
          return done(null, `the desk list answered ${found.exchange.status}`);
        if (!found.uuid) return done(null, `not in the desk list at ${step.node}`);
        // The lookup only read: the attempt is the action itself.
        attempt.startedMs = since();
        const action = {
          desk_check_in: 'check-in',
          desk_undo: 'undo-check-in',
          desk_cancel: 'cancel',
          desk_no_show: 'no-show',
          desk_approve: 'approve',
        }[step.kind];
        return done(
          await desk(step.node, 'POST', `/dashboard/api/events/${event}/attendees/${found.uuid}/${action}`),
        );
      }
      case 'token_cancel':
      case 'token_no_show': {
        const found = await findByToken(step.node, event, email);
        if (found.exchange.status !== 200)
          return done(null, `the token list answered ${found.exchange.status}`);
        if (!found.uuid) return done(null, `not in the token list at ${step.node}`);
        attempt.startedMs = since();
        const action = step.kind === 'token_cancel' ? 'cancel' : 'no-show';
        return done(
          await http(step.node, 'POST', `/api/events/${event}/attendees/${found.uuid}/${action}`, {
            token: tokenFor(step.node),
          }),
        );
      }
    }
  }

  /**
   * Plays the steps, each client in order, each step at its time or as soon as the client's previous step is done.
   * `stop()` ends it after the steps under way.
   */
  function play(steps: readonly Step[]): { stop(): Promise<void> } {
    let stopped = false;
    const wakers = new Set<() => void>();
    const clients = new Map<number, Step[]>();
    for (const step of steps) clients.set(step.client, [...(clients.get(step.client) ?? []), step]);
    const loop = async (own: Step[]) => {
      for (const step of own) {
        const delay = startedAt + step.atMs - Date.now();
        if (delay > 0) {
          await new Promise<void>((resolve) => {
            const wake = () => {
              clearTimeout(timer);
              wakers.delete(wake);
              resolve();
            };
            const timer = setTimeout(wake, delay);
            wakers.add(wake);
          });
        }
        if (stopped) return;
        await run(step);
      }
    };
    const running = [...clients.values()].map(loop);
    return {
      async stop() {
        stopped = true;
        for (const wake of [...wakers]) wake();
        await Promise.all(running);
      },
    };
  }

  return {
    record,
    play,
    run,
    http,
    desk,
    async close() {
      await agent.close();
    },
  };
}

/** What a 2xx answer of `step` said about the person. */
function answeredBy(step: Step, body: unknown): Answered {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers differ by endpoint, read field by field
  const data = (body as { data?: any } | null)?.data;
  if (!data) return {};
  switch (step.kind) {
    case 'register':
    case 'kiosk_register':
      return { id: data.id, email: data.email, status: data.status, code: data.checkin_code };
    case 'self_check_in':
      return { id: data.id, email: data.email, checkedInAt: data.checked_in_at };
    case 'scan':
      return { id: data.id, checkedInAt: data.checked_in_at };
    case 'check':
      return data.attendee
        ? { id: data.attendee.id, email: data.attendee.email, status: data.attendee.status }
        : {};
    case 'token_no_show':
      return { uuid: data.id, status: data.status };
    case 'token_cancel':
    case 'public_cancel':
    case 'list_scan':
    case 'desk_list_scan':
      return {};
    default:
      // The desk's attendee.
      return {
        uuid: data.id,
        id: data.number,
        email: data.email,
        status: data.status,
        checkedInAt: data.checked_in_at,
        code: data.checkin_code,
      };
  }
}
