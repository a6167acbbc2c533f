/**
 * What a chaos run must end with, once every link is healed and every process is back: read from each node's
 * database (read-only, beside the running server) and from the answers the workload recorded.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../../server/platform/database.ts';
import { HUB_UNREACHABLE_MESSAGE } from '../../server/satellite/proxy.routes.ts';
import {
  EVENTS,
  LINKS,
  NODES,
  PREREGISTERED,
  tierOf,
  type EventName,
  type NodeName,
  type Venue,
} from './processes.ts';
import {
  CANCEL_KINDS,
  CHECK_IN_KINDS,
  LIST_SCAN_KINDS,
  NO_SHOW_KINDS,
  REGISTRATION_KINDS,
  type Attempt,
  type Exchange,
  type WorkloadRecord,
} from './workload.ts';

/** One thing that is wrong, under a class name that stays the same from seed to seed. */
export interface Failure {
  kind: FailureKind;
  detail: string;
}

export type FailureKind =
  | 'crash'
  | 'server_error'
  | 'not_quiescent'
  | 'op_failed'
  | 'op_refused'
  | 'divergent_state'
  | 'acked_uuid_unresolved'
  | 'acked_id_unresolved'
  | 'acked_code_unresolved'
  | 'acked_identifiers_disagree'
  | 'acked_identifier_names_other_person'
  | 'id_answered_for_two_people'
  | 'id_names_two_people_on_node'
  | 'check_in_lost'
  | 'cancel_lost'
  | 'no_show_lost'
  | 'approve_lost'
  | 'inside_now_negative'
  | 'inside_now_drift'
  | 'inside_now_diverges'
  | 'list_scan_lost';

function readDb<T>(dir: string, read: (db: Database.Database) => T): T {
  const db = new Database(path.join(dir, DATABASE_FILE), { readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    return read(db);
  } finally {
    db.close();
  }
}

export interface SyncPosition {
  /** Ops in the outbox its upstream has not acked (the same clause as sync.repository.ts's WAITING). */
  waiting: number;
  /** Registrations and facts not yet seen back in its upstream's feed (`pending_upstream`, ledger schema). */
  unconfirmed: number;
  epoch: string;
  /** The feed's horizon (sync.repository.ts's `feedHorizon`): what its replicas may read up to. */
  horizon: number;
  upstream: { epoch: string | null; pulled: number } | null;
}

export function syncPosition(dir: string): SyncPosition {
  return readDb(dir, (db) => {
    const meta = db
      .prepare(
        `SELECT epoch, min(revision, coalesce((SELECT min(first_rev) - 1 FROM imports_under_way), revision)) AS horizon
         FROM sync_meta WHERE id = 1`,
      )
      .get() as { epoch: string; horizon: number };
    const upstream = db.prepare('SELECT upstream_epoch, pulled_rev FROM sync_upstream WHERE id = 1').get() as
      { upstream_epoch: string | null; pulled_rev: number } | undefined;
    const waiting = (
      db
        .prepare(
          `SELECT count(*) AS n FROM sync_outbox
           WHERE seq > IFNULL((SELECT outbox_acked_through FROM sync_upstream WHERE id = 1), 0) AND acked_at IS NULL`,
        )
        .get() as { n: number }
    ).n;
    // On the ledger schema (migration 017): facts made or applied here that the upstream's feed has not brought back.
    const ledger = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'registrations'")
      .get();
    const unconfirmed = ledger
      ? (
          db
            .prepare(
              `SELECT (SELECT count(*) FROM registrations WHERE pending_upstream = 1 AND refused = 0)
                 + (SELECT count(*) FROM attendee_facts WHERE pending_upstream = 1 AND refused = 0) AS n`,
            )
            .get() as { n: number }
        ).n
      : 0;
    return {
      waiting,
      unconfirmed,
      epoch: meta.epoch,
      horizon: meta.horizon,
      upstream: upstream ? { epoch: upstream.upstream_epoch, pulled: upstream.pulled_rev } : null,
    };
  });
}

/** Why the venue is not quiescent yet, one line a node; empty when it is. */
export function notQuiescent(venue: Venue): string[] {
  const positions = Object.fromEntries(
    NODES.map((node) => [node, syncPosition(venue.nodes[node].dir)]),
  ) as Record<NodeName, SyncPosition>;
  const lines: string[] = [];
  const upstreamOf = (node: NodeName): NodeName => (node === 'hub' ? 'online' : 'hub');
  for (const node of NODES) {
    const position = positions[node];
    if (position.waiting > 0) lines.push(`${node}: ${position.waiting} op(s) waiting`);
    if (position.unconfirmed > 0) {
      lines.push(
        `${node}: ${position.unconfirmed} registration(s) or fact(s) not yet back from its upstream's feed`,
      );
    }
    if (node === 'online') continue;
    const above = positions[upstreamOf(node)];
    if (position.upstream?.epoch !== above.epoch) {
      lines.push(`${node}: on epoch ${position.upstream?.epoch}, ${upstreamOf(node)} is on ${above.epoch}`);
    } else if (position.upstream.pulled !== above.horizon) {
      lines.push(
        `${node}: read the feed to ${position.upstream.pulled}, ${upstreamOf(node)} is at ${above.horizon}`,
      );
    }
  }
  return lines;
}

/**
 * Waits until nothing waits in any outbox and every node has read its upstream's feed to the end, polling, for at
 * most `timeoutMs`. Returns what was still missing at the deadline (empty: quiescent).
 */
export async function untilQuiescent(
  venue: Venue,
  timeoutMs: number,
): Promise<{ missing: string[]; waitedMs: number }> {
  const started = Date.now();
  let missing: string[] = [];
  // Two looks in a row: a push or a page may be on its way between the reads of two databases.
  let quietLooks = 0;
  while (Date.now() - started < timeoutMs) {
    missing = notQuiescent(venue);
    quietLooks = missing.length === 0 ? quietLooks + 1 : 0;
    if (quietLooks >= 2) return { missing: [], waitedMs: Date.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { missing, waitedMs: Date.now() - started };
}

/** An attendee as every node must hold it. */
export interface DumpedAttendee {
  uuid: string;
  id: number;
  email: string;
  status: string;
  checked_in_at: string | null;
  checkin_code: string | null;
  /** The merged registrations that resolve to it, as `uuid#number` (and `#code` on the ledger schema). */
  aliases: string[];
}

export interface NodeDump {
  /** By event name, sorted by UUID. */
  events: Record<EventName, DumpedAttendee[]>;
  /**
   * Every registration shown as another one's row (merged into it): its UUID, integer id and check-in code, and the
   * UUID of the row. From `registrations` on the ledger schema (migration 017), else `attendee_aliases` (no codes).
   */
  aliases: { uuid: string; number: number | null; code: string | null; attendee: string }[];
}

export function dumpNode(dir: string, events: Record<EventName, string>): NodeDump {
  return readDb(dir, (db) => {
    const ledger = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'registrations'")
      .get();
    const aliases = db
      .prepare(
        ledger
          ? `SELECT r.uuid, r.id AS number, r.checkin_code AS code, a.uuid AS attendee
             FROM registrations r JOIN attendees a ON a.id = r.attendee_id
             WHERE r.refused = 0 AND r.uuid <> a.uuid ORDER BY r.uuid`
          : `SELECT al.uuid, al.number, NULL AS code, a.uuid AS attendee
             FROM attendee_aliases al JOIN attendees a ON a.id = al.attendee_id ORDER BY al.uuid`,
      )
      .all() as NodeDump['aliases'];
    const aliasesOf = new Map<string, string[]>();
    for (const alias of aliases) {
      aliasesOf.set(alias.attendee, [
        ...(aliasesOf.get(alias.attendee) ?? []),
        `${alias.uuid}#${alias.number}${alias.code ? `#${alias.code}` : ''}`,
      ]);
    }
    const dumped = {} as Record<EventName, DumpedAttendee[]>;
    for (const name of EVENTS) {
      const rows = db
        .prepare(
          `SELECT a.uuid, a.id, lower(a.email) AS email, a.status, a.checked_in_at, a.checkin_code
           FROM attendees a JOIN events e ON e.id = a.event_id WHERE e.uuid = ? ORDER BY a.uuid`,
        )
        .all(events[name]) as Omit<DumpedAttendee, 'aliases'>[];
      dumped[name] = rows.map((row) => ({ ...row, aliases: (aliasesOf.get(row.uuid) ?? []).sort() }));
    }
    return { events: dumped, aliases };
  });
}

/**
 * Check-in lists as a node holds them (issue 38): who is inside each list (by list UUID: person, entry, since), the
 * kept counts, what the rows behind them count, and every scan recorded on a list.
 */
export interface ListsDump {
  presence: Record<string, string[]>;
  /** `list <uuid>` or `event <uuid>`: the count as a read answers it now. */
  counts: Record<string, number>;
  /** The same, counted from the presence rows themselves. */
  recounted: Record<string, number>;
  /** `op_id kind list direction at subject`, sorted. */
  scans: string[];
}

export function dumpLists(dir: string): ListsDump {
  return readDb(dir, (db) => {
    const now = new Date().toISOString();
    const presence: Record<string, string[]> = {};
    const rows = db
      .prepare(
        `SELECT l.uuid AS list, p.email_key, p.entry_op, p.entered_at FROM list_presence p
         JOIN check_in_lists l ON l.id = p.list_id ORDER BY l.uuid, p.email_key`,
      )
      .all() as { list: string; email_key: string; entry_op: string; entered_at: string }[];
    for (const row of rows) {
      (presence[row.list] ??= []).push(`${row.email_key} ${row.entry_op} ${row.entered_at}`);
    }
    const counts: Record<string, number> = {};
    const recounted: Record<string, number> = {};
    const kept = db
      .prepare(
        `SELECT c.scope, c.inside, c.swept_at,
           CASE c.scope WHEN 'list' THEN (SELECT uuid FROM check_in_lists WHERE id = c.scope_id)
             ELSE (SELECT uuid FROM events WHERE id = c.scope_id) END AS uuid,
           CASE c.scope
             WHEN 'list' THEN (SELECT count(*) FROM list_presence p WHERE p.list_id = c.scope_id
               AND p.checkout_at > c.swept_at AND p.checkout_at <= @now)
             ELSE (SELECT count(*) FROM event_presence p WHERE p.event_id = c.scope_id
               AND p.checkout_at > c.swept_at AND p.checkout_at <= @now) END AS passed,
           CASE c.scope
             WHEN 'list' THEN (SELECT count(*) FROM list_presence p WHERE p.list_id = c.scope_id
               AND (p.checkout_at IS NULL OR p.checkout_at > @now))
             ELSE (SELECT count(*) FROM event_presence p WHERE p.event_id = c.scope_id
               AND (p.checkout_at IS NULL OR p.checkout_at > @now)) END AS inside_rows
         FROM inside_counts c`,
      )
      .all({ now }) as { scope: string; inside: number; uuid: string; passed: number; inside_rows: number }[];
    for (const count of kept) {
      counts[`${count.scope} ${count.uuid}`] = count.inside - count.passed;
      recounted[`${count.scope} ${count.uuid}`] = count.inside_rows;
    }
    const scans = (
      db
        .prepare(
          `SELECT op_id, kind, coalesce(json_extract(detail, '$.list'), 'default') AS list,
             coalesce(json_extract(detail, '$.direction'), 'entry') AS direction, at, subject
           FROM attendee_facts WHERE kind IN ('check_in', 'scan') AND refused = 0 ORDER BY op_id`,
        )
        .all() as Record<string, string>[]
    ).map((row) => `${row.op_id} ${row.kind} ${row.list} ${row.direction} ${row.at} ${row.subject}`);
    return { presence, counts, recounted, scans };
  });
}

type ResolvedRow = DumpedAttendee & { event: EventName };

/** The row a UUID, an integer id or a check-in code names on a node, as its server finds it. */
export function resolver(dump: NodeDump) {
  const rows = new Map<string, ResolvedRow>();
  for (const event of EVENTS) for (const row of dump.events[event]) rows.set(row.uuid, { ...row, event });
  const byId = new Map([...rows.values()].map((row) => [row.id, row]));
  const byCode = new Map(
    [...rows.values()].filter((r) => r.checkin_code).map((row) => [row.checkin_code!, row]),
  );
  const aliasByUuid = new Map(dump.aliases.map((alias) => [alias.uuid, rows.get(alias.attendee)]));
  const aliasByNumber = new Map(
    dump.aliases
      .filter((alias) => alias.number !== null)
      .map((alias) => [alias.number!, rows.get(alias.attendee)]),
  );
  const aliasByCode = new Map(
    dump.aliases
      .filter((alias) => alias.code !== null)
      .map((alias) => [alias.code!, rows.get(alias.attendee)]),
  );
  return {
    rows,
    uuid: (uuid: string): ResolvedRow | null =>
      rows.get(uuid.toLowerCase()) ?? aliasByUuid.get(uuid.toLowerCase()) ?? null,
    id: (id: number): ResolvedRow | null => byId.get(id) ?? aliasByNumber.get(id) ?? null,
    // attendee.repository.ts's findByCheckinCode: the code of any registration shown as the row on the ledger
    // schema, the row's own code only before it.
    code: (code: string): ResolvedRow | null => byCode.get(code) ?? aliasByCode.get(code) ?? null,
    /** Ids that are one row's own and another person's alias number. */
    twoPeople(): string[] {
      const out: string[] = [];
      for (const alias of dump.aliases) {
        if (alias.number === null) continue;
        const own = byId.get(alias.number);
        const target = rows.get(alias.attendee);
        if (own && target && (own.email !== target.email || own.event !== target.event)) {
          out.push(
            `id ${alias.number} is ${own.event} ${own.email}'s own and an alias of ${target.event} ${target.email}`,
          );
        }
      }
      return out;
    },
  };
}

/** The ops a hub answered `refused` or `failed` (sync_applied_ops), with the error a failed one left on the Sync page. */
function opsNotTaken(dir: string): { status: string; description: string }[] {
  return readDb(dir, (db) => {
    const hasConflicts = db
      .prepare("SELECT 1 FROM pragma_table_info('sync_conflicts') WHERE name = 'details'")
      .get();
    const rows = db
      .prepare(
        `SELECT o.op_id, o.device_uuid, o.kind, o.outcome,
           ${hasConflicts ? `(SELECT details FROM sync_conflicts c WHERE c.op_id = o.op_id AND c.kind = 'op_failed')` : 'NULL'} AS details
         FROM sync_applied_ops o WHERE json_extract(o.outcome, '$.status') IN ('failed', 'refused')`,
      )
      .all() as {
      op_id: string;
      device_uuid: string;
      kind: string;
      outcome: string;
      details: string | null;
    }[];
    return rows.map((row) => {
      const outcome = JSON.parse(row.outcome) as { status: string; reason?: string };
      const error = row.details ? (JSON.parse(row.details) as { error?: string }).error : undefined;
      return {
        status: outcome.status,
        description: `${row.kind} op ${row.op_id} of device ${row.device_uuid} ${outcome.status}${outcome.reason ? ` (${outcome.reason})` : ''}${error ? `: ${error}` : ''}`,
      };
    });
  });
}

/** A 5xx the interface allows: a replica's 503 for a page it forwards to its hub while the hub cannot be reached. */
export function isLegitimate5xx(exchange: Exchange): boolean {
  return (
    tierOf(exchange.node) === 'kiosk' &&
    exchange.status === 503 &&
    (exchange.body as { message?: string } | null)?.message === HUB_UNREACHABLE_MESSAGE &&
    exchange.path.startsWith('/api/')
  );
}

const personOf = (attempt: Attempt) => `${attempt.step.event} ${attempt.step.email}`;
const happened = (attempt: Attempt) => attempt.outcome === 'acked' || attempt.outcome === 'unknown';
const at = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const describeAttempt = (attempt: Attempt) =>
  `${attempt.step.kind} of ${personOf(attempt)} at ${attempt.step.node} (${at(attempt.startedMs)}-${at(attempt.endedMs)})`;

export interface CheckInput {
  venue: Venue;
  record: WorkloadRecord;
  crashes: string[];
  quiescence: { missing: string[]; waitedMs: number };
}

export function checkRun({ venue, record, crashes, quiescence }: CheckInput): Failure[] {
  const failures: Failure[] = [];
  const fail = (kind: FailureKind, detail: string) => failures.push({ kind, detail });

  for (const crash of crashes) fail('crash', crash);
  for (const exchange of record.exchanges) {
    if (exchange.status !== null && exchange.status >= 500 && !isLegitimate5xx(exchange)) {
      fail(
        'server_error',
        `${exchange.node} answered ${exchange.status} to ${exchange.method} ${exchange.path} at ${at(exchange.startedMs)}: ${JSON.stringify(exchange.body).slice(0, 200)}`,
      );
    }
  }
  // The sync requests between tiers, as each link saw their answers.
  for (const link of LINKS) {
    for (const answer of venue.links[link].answers()) {
      if (answer.status >= 500) {
        fail(
          'server_error',
          `link ${link}: ${answer.request} answered ${answer.status}, ${answer.count} time(s)`,
        );
      }
    }
  }
  for (const line of quiescence.missing) fail('not_quiescent', line);
  // Every op of an honest device is taken: none refused or failed on a hub (docs/sync.md, "Liveness").
  for (const node of ['online', 'hub'] as const) {
    for (const op of opsNotTaken(venue.nodes[node].dir)) {
      fail(op.status === 'failed' ? 'op_failed' : 'op_refused', `${node}: ${op.description}`);
    }
  }

  const dumps = Object.fromEntries(
    NODES.map((node) => [node, dumpNode(venue.nodes[node].dir, venue.template.events)]),
  ) as Record<NodeName, NodeDump>;

  // One state everywhere: each node as the one it syncs with (the hub as the online server, each kiosk as the hub),
  // so that a difference names the hop it arose on.
  for (const node of NODES.filter((n) => n !== 'online')) {
    const upstream: NodeName = node === 'hub' ? 'online' : 'hub';
    for (const event of EVENTS) {
      for (const line of diffAttendees(dumps[upstream].events[event], dumps[node].events[event])) {
        fail('divergent_state', `${event}: ${upstream} vs ${node}: ${line}`);
      }
    }
  }

  const resolvers = Object.fromEntries(NODES.map((node) => [node, resolver(dumps[node])])) as Record<
    NodeName,
    ReturnType<typeof resolver>
  >;
  for (const node of NODES)
    for (const line of resolvers[node].twoPeople()) fail('id_names_two_people_on_node', `${node}: ${line}`);

  // No integer id answered for two people.
  const peopleById = new Map<number, Map<string, Attempt>>();
  for (const attempt of record.attempts) {
    if (attempt.outcome !== 'acked' || attempt.answered.id === undefined) continue;
    const person = `${attempt.step.event} ${(attempt.answered.email ?? attempt.step.email).toLowerCase()}`;
    const people = peopleById.get(attempt.answered.id) ?? new Map<string, Attempt>();
    if (!people.has(person)) people.set(person, attempt);
    peopleById.set(attempt.answered.id, people);
  }
  for (const [id, people] of peopleById) {
    if (people.size > 1) {
      fail(
        'id_answered_for_two_people',
        `id ${id}: ${[...people.values()].map((a) => `${describeAttempt(a)} answered it for ${a.answered.email ?? a.step.email}`).join('; ')}`,
      );
    }
  }

  // Every identifier an acked answer gave resolves, on every node, to one row of that person.
  for (const attempt of record.attempts) {
    if (attempt.outcome !== 'acked') continue;
    const { uuid, id, code } = attempt.answered;
    const scannedCode =
      attempt.step.kind === 'scan' || attempt.step.kind === 'desk_scan' ? attempt.code : undefined;
    const email = (attempt.answered.email ?? attempt.step.email).toLowerCase();
    for (const node of NODES) {
      const resolve = resolvers[node];
      const found: [string, ResolvedRow | null][] = [];
      if (uuid) found.push([`UUID ${uuid}`, resolve.uuid(uuid)]);
      if (id !== undefined) found.push([`id ${id}`, resolve.id(id)]);
      for (const c of [code, scannedCode]) if (c) found.push([`check-in code ${c}`, resolve.code(c)]);
      for (const [what, row] of found) {
        if (!row) {
          const kind = what.startsWith('UUID')
            ? 'acked_uuid_unresolved'
            : what.startsWith('id')
              ? 'acked_id_unresolved'
              : 'acked_code_unresolved';
          fail(kind, `${node}: ${what}, answered by ${describeAttempt(attempt)}, names nobody`);
        } else if (row.email !== email || row.event !== attempt.step.event) {
          fail(
            'acked_identifier_names_other_person',
            `${node}: ${what}, answered by ${describeAttempt(attempt)} for ${email}, names ${row.event} ${row.email} (${row.uuid})`,
          );
        }
      }
      const rowsFound = new Set(found.filter(([, row]) => row).map(([, row]) => row!.uuid));
      if (rowsFound.size > 1) {
        fail(
          'acked_identifiers_disagree',
          `${node}: what ${describeAttempt(attempt)} answered names different rows: ${found.map(([what, row]) => `${what} -> ${row?.uuid ?? 'nobody'}`).join(', ')}`,
        );
      }
    }
  }

  // Every acked check-in that no undo may have named is still there, on every node.
  const attemptsOf = new Map<string, Attempt[]>();
  for (const attempt of record.attempts) {
    attemptsOf.set(personOf(attempt), [...(attemptsOf.get(personOf(attempt)) ?? []), attempt]);
  }
  const liveRows = (node: NodeName, event: EventName, email: string) =>
    dumps[node].events[event].filter((row) => row.email === email);
  for (const attempt of record.attempts) {
    if (attempt.outcome !== 'acked' || !CHECK_IN_KINDS.has(attempt.step.kind)) continue;
    const others = attemptsOf.get(personOf(attempt))!;
    const undoneLater = others.some(
      (other) => other.step.kind === 'desk_undo' && happened(other) && other.endedMs >= attempt.startedMs,
    );
    if (undoneLater) continue;
    for (const node of NODES) {
      const rows = liveRows(node, attempt.step.event, attempt.step.email);
      if (!rows.some((row) => row.status !== 'canceled' && row.checked_in_at !== null)) {
        fail(
          'check_in_lost',
          `${node}: ${describeAttempt(attempt)} was acked and never undone, but ${attempt.step.email} is ${rows.map((r) => `${r.status}${r.checked_in_at ? ' checked in' : ''}`).join(' + ') || 'absent'}`,
        );
      }
    }
  }

  // Who is inside (issue 38): never negative, what the kept counts say is what the rows behind them count, every
  // node agrees with the one it syncs with (a count only exists once someone was inside: missing reads as 0), and
  // every acked scan on a list is held everywhere.
  const lists = Object.fromEntries(NODES.map((node) => [node, dumpLists(venue.nodes[node].dir)])) as Record<
    NodeName,
    ListsDump
  >;
  for (const node of NODES) {
    for (const [scope, inside] of Object.entries(lists[node].counts)) {
      if (inside < 0) fail('inside_now_negative', `${node}: ${scope} counts ${inside} inside`);
      if (inside !== lists[node].recounted[scope]) {
        fail(
          'inside_now_drift',
          `${node}: ${scope} counts ${inside}, its rows ${lists[node].recounted[scope]}`,
        );
      }
    }
  }
  for (const node of NODES.filter((n) => n !== 'online')) {
    const upstream: NodeName = node === 'hub' ? 'online' : 'hub';
    const scopes = new Set([...Object.keys(lists[node].counts), ...Object.keys(lists[upstream].counts)]);
    for (const scope of scopes) {
      const here = lists[node].counts[scope] ?? 0;
      const there = lists[upstream].counts[scope] ?? 0;
      if (here !== there)
        fail('inside_now_diverges', `${scope}: ${upstream} counts ${there}, ${node} ${here}`);
    }
    const listUuids = new Set([
      ...Object.keys(lists[node].presence),
      ...Object.keys(lists[upstream].presence),
    ]);
    for (const list of listUuids) {
      const here = JSON.stringify(lists[node].presence[list] ?? []);
      const there = JSON.stringify(lists[upstream].presence[list] ?? []);
      if (here !== there)
        fail('inside_now_diverges', `list ${list}: ${upstream} holds ${there}, ${node} ${here}`);
    }
    const missing = lists[upstream].scans.filter((scan) => !lists[node].scans.includes(scan));
    const extra = lists[node].scans.filter((scan) => !lists[upstream].scans.includes(scan));
    for (const scan of missing.slice(0, 5))
      fail('divergent_state', `scans: ${node} lacks ${upstream}'s ${scan}`);
    for (const scan of extra.slice(0, 5))
      fail('divergent_state', `scans: ${node} holds ${scan}, ${upstream} not`);
  }
  const scanCount = (node: NodeName) => lists[node].scans.length;
  const ackedListScans = record.attempts.filter(
    (attempt) =>
      attempt.outcome === 'acked' &&
      LIST_SCAN_KINDS.has(attempt.step.kind) &&
      ['admitted', 'reentered', 'exit_recorded'].includes(attempt.answeredResult ?? ''),
  );
  for (const node of NODES) {
    const onLists = lists[node].scans.filter((scan) => scan.split(' ')[1] === 'scan').length;
    if (onLists < ackedListScans.length) {
      fail(
        'list_scan_lost',
        `${node}: ${ackedListScans.length} scans on lists were recorded at doors, ${onLists} are here (of ${scanCount(node)} scans)`,
      );
    }
  }

  // Cancellations, no-shows and approvals of a person registered once and never checked in: nothing can outweigh them.
  for (const [person, attempts] of attemptsOf) {
    const [event, email] = person.split(' ') as [EventName, string];
    const registrations =
      attempts.filter((a) => REGISTRATION_KINDS.has(a.step.kind) && happened(a)).length +
      (event === 'main' && PREREGISTERED.includes(email) ? 1 : 0);
    if (registrations !== 1) continue;
    if (attempts.some((a) => CHECK_IN_KINDS.has(a.step.kind) && happened(a))) continue;
    const acked = (kinds: ReadonlySet<string>) =>
      attempts.find((a) => kinds.has(a.step.kind) && a.outcome === 'acked');
    const tried = (kinds: ReadonlySet<string>) => attempts.some((a) => kinds.has(a.step.kind) && happened(a));
    const expect = (kind: FailureKind, attempt: Attempt, status: string) => {
      for (const node of NODES) {
        const rows = liveRows(node, event, email);
        if (rows.length !== 1 || rows[0]!.status !== status) {
          fail(
            kind,
            `${node}: ${describeAttempt(attempt)} was acked, but ${email} is ${rows.map((r) => r.status).join(' + ') || 'absent'}`,
          );
        }
      }
    };
    const cancel = acked(CANCEL_KINDS);
    const noShow = acked(NO_SHOW_KINDS);
    const approve = acked(new Set(['desk_approve']));
    // An entry on any list is the person turning up, as a check-in is: it outweighs a no-show, in either order.
    const entered = attempts.some(
      (a) =>
        LIST_SCAN_KINDS.has(a.step.kind) &&
        a.list?.direction === 'entry' &&
        (a.outcome === 'unknown' || ['admitted', 'reentered'].includes(a.answeredResult ?? '')),
    );
    if (cancel) expect('cancel_lost', cancel, 'canceled');
    else if (noShow && !tried(CANCEL_KINDS) && !entered) expect('no_show_lost', noShow, 'no_show');
    else if (approve && !tried(CANCEL_KINDS) && !tried(NO_SHOW_KINDS))
      expect('approve_lost', approve, 'confirmed');
  }
  return failures;
}

/** The first differences between two nodes' attendees of one event, a line each. */
export function diffAttendees(expected: DumpedAttendee[], actual: DumpedAttendee[]): string[] {
  const lines: string[] = [];
  const byUuid = new Map(actual.map((row) => [row.uuid, row]));
  const seen = new Set<string>();
  for (const row of expected) {
    const other = byUuid.get(row.uuid);
    seen.add(row.uuid);
    if (!other) {
      lines.push(`missing ${describeRow(row)}`);
      continue;
    }
    const fields = (Object.keys(row) as (keyof DumpedAttendee)[]).filter(
      (key) => JSON.stringify(row[key]) !== JSON.stringify(other[key]),
    );
    if (fields.length > 0) {
      lines.push(
        `${row.email} (${row.uuid}): ${fields.map((key) => `${key} ${JSON.stringify(row[key])} vs ${JSON.stringify(other[key])}`).join(', ')}`,
      );
    }
  }
  for (const row of actual) if (!seen.has(row.uuid)) lines.push(`extra ${describeRow(row)}`);
  return lines;
}

const describeRow = (row: DumpedAttendee) =>
  `${row.email} ${row.uuid} #${row.id} ${row.status}${row.checked_in_at ? ` checked in ${row.checked_in_at}` : ''} code ${row.checkin_code}${row.aliases.length ? ` aliases ${row.aliases.join(',')}` : ''}`;
