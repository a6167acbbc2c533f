import { z } from 'zod';
import { LANGUAGES, REGISTRATION_DOORS, SCAN_DIRECTIONS } from '../contract/vocabulary.ts';
import { singleLine, timestamp, uuidParam } from '../platform/schemas.ts';
import { ATTENDEE_FACT_KINDS } from '../attendees/ledger.rules.ts';
import { CONFLICT_KINDS, MAX_OPS_PER_PUSH, REFUSAL_REASONS } from './sync.types.ts';

/** The sync protocol on the wire (docs/sync.md). */

export const pairBody = z.object({
  code: z.string().trim().min(1).max(32),
  name: singleLine(z.string().trim().min(1).max(100)),
});

const grant = z.object({ from: z.number().int(), to: z.number().int() }).meta({ id: 'IdGrant' });

export const pairResponse = z.object({
  data: z.object({
    device: z.string().meta({ description: 'This device’s UUID on the hub' }),
    credential: z
      .string()
      .meta({ description: 'Sent as `Authorization: Bearer` on every sync request; shown once' }),
    organization: z.string(),
    event_ids: z.array(z.string()),
    epoch: z.string(),
    grant,
  }),
});

const uuid = z.string().max(64);

const registrationPayload = z.object({
  event: uuid,
  attendee: z.object({
    uuid,
    number: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    email: z.string().max(320),
    name: z.string().max(600),
    answers: z.record(z.string(), z.string().max(5000)),
    status: z.enum(['pending', 'confirmed']),
    // Absent from ops made before check-in codes: the hub then draws one.
    checkin_code: z
      .string()
      .regex(/^[0-9A-Za-z]{1,64}$/)
      .optional(),
    // Absent from ops made before tickets (migration 020): the hub then draws a secret, and knows neither.
    ticket_secret: z
      .string()
      .regex(/^[0-9A-Za-z]{22}$/)
      .optional(),
    language: z.enum(LANGUAGES).optional(),
    door: z.enum(REGISTRATION_DOORS).optional(),
  }),
});
const attendeePayload = z.object({ event: uuid, attendee: uuid });

/** What a check-in or a scan made at a door carries since check-in lists (all optional on a check-in). */
const scanFields = {
  staff: z
    .object({ id: z.string().max(64), name: z.string().max(255) })
    .nullable()
    .optional(),
  forced: z.boolean().optional(),
  result: z.enum(['admitted', 'reentered', 'exit_recorded']).optional(),
};

const opFields = {
  op_id: z.string().regex(/^[0-9a-f]{32}$/),
  seq: z.number().int().min(0),
  device: z.string().max(64),
  wall_ms: z.number(),
  mono_ms: z.number(),
  boot_id: z.string().max(64),
  schema_version: z.number().int().min(1),
  time_uncertain: z.boolean().optional(),
};

/** An op, its payload checked by kind: a malformed one is a 422, never a half-applied batch. */
const opSchema = z
  .discriminatedUnion('kind', [
    z.object({ ...opFields, kind: z.literal('register'), payload: registrationPayload }),
    z.object({ ...opFields, kind: z.literal('walk_in'), payload: registrationPayload }),
    z.object({
      ...opFields,
      kind: z.literal('check_in'),
      payload: attendeePayload.extend({ via: z.enum(['self', 'desk', 'scan', 'api']), ...scanFields }),
    }),
    z.object({
      ...opFields,
      kind: z.literal('scan'),
      payload: attendeePayload.extend({
        list: uuid,
        direction: z.enum(SCAN_DIRECTIONS),
        via: z.enum(['kiosk', 'self', 'desk', 'api']),
        ...scanFields,
      }),
    }),
    z.object({
      ...opFields,
      kind: z.literal('undo_check_in'),
      payload: attendeePayload.extend({
        check_in: z.string().max(64).nullable(),
        also: z.array(z.string().max(64)).max(50).optional(),
      }),
    }),
    z.object({
      ...opFields,
      kind: z.literal('cancel'),
      payload: attendeePayload.extend({ merged: z.array(uuid).max(50).optional() }),
    }),
    z.object({
      ...opFields,
      kind: z.literal('no_show'),
      payload: attendeePayload.extend({ merged: z.array(uuid).max(50).optional() }),
    }),
    z.object({ ...opFields, kind: z.literal('approve'), payload: attendeePayload }),
    z.object({
      ...opFields,
      kind: z.literal('edit'),
      payload: attendeePayload.extend({
        // What an edit may set is decided against the event's fields when it is applied (a refusal, not a 422).
        fields: z.record(z.string().max(64), z.string().max(5000).nullable()),
        merged: z.array(uuid).max(50).optional(),
        via: z.enum(['desk', 'api', 'ticket']),
        staff: scanFields.staff,
      }),
    }),
  ])
  .meta({ id: 'SyncOp' });

export const pushBody = z.object({
  sent_wall_ms: z.number(),
  sent_mono_ms: z.number(),
  boot_id: z.string().max(64),
  waiting: z.number().int().min(0),
  acked_seq: z.number().int().min(0),
  wants_ids: z.boolean(),
  ops: z.array(opSchema).max(MAX_OPS_PER_PUSH),
});

const outcomeSchema = z
  .object({
    op_id: z.string(),
    status: z.enum(['applied', 'dropped', 'refused', 'failed', 'duplicate', 'upgrade_required', 'not_found']),
    reason: z.enum(REFUSAL_REASONS).optional(),
    attendee: z.string().optional(),
    conflicts: z.array(z.enum(CONFLICT_KINDS)),
  })
  .meta({ id: 'SyncOpOutcome' });

export const pushResponse = z.object({
  epoch: z.string(),
  acked_seq: z.number().int(),
  restored: z.boolean(),
  outcomes: z.array(outcomeSchema),
  grant: grant.nullable(),
});

export const changesQuery = z.object({
  since: z.coerce.number().int().min(0).default(0),
  epoch: z.string().max(64).optional(),
  wait: z.coerce.number().int().min(0).max(60).default(0),
  waiting: z.coerce.number().int().min(0).optional(),
});

const rows = z.array(z.record(z.string(), z.unknown()));

export const changesResponse = z.object({
  epoch: z.string(),
  revision: z.number().int(),
  // Optional: hubs from before it was added do not send it.
  latest: z.number().int().optional(),
  reset: z.boolean(),
  more: z.boolean(),
  page: z.object({
    organizations: rows,
    events: rows,
    users: rows,
    staff: rows,
    // Optional: hubs from before check-in lists do not send them.
    lists: z
      .array(
        z.object({
          uuid: z.string(),
          event_uuid: z.string(),
          name: z.string(),
          is_default: z.number().int(),
          history: z.string(),
          created_at: z.string(),
          updated_at: z.string(),
          deleted_at: z.string().nullable(),
        }),
      )
      .optional(),
    registrations: z.array(
      z.object({
        uuid: z.string(),
        id: z.number().int(),
        event_uuid: z.string(),
        email: z.string(),
        name: z.string(),
        answers: z.string(),
        status: z.enum(['pending', 'confirmed']),
        registered_at: z.string(),
        op_id: z.string(),
        checkin_code: z.string(),
        refused: z.number().int(),
      }),
    ),
    facts: z.array(
      z.object({
        op_id: z.string(),
        event_uuid: z.string(),
        subject: z.string(),
        kind: z.enum(ATTENDEE_FACT_KINDS),
        at: z.string(),
        names: z.string(),
        device: z.string().nullable(),
        refused: z.number().int(),
        detail: z.string().nullable().optional(),
      }),
    ),
    tombstones: z.array(z.object({ kind: z.string(), uuid: z.string() })),
  }),
});

export const pairingCodeBody = z.object({
  event_ids: z.array(uuidParam('Event UUID')).min(1).max(50),
});

export const pairingCodeResponse = z.object({
  data: z.object({ code: z.string(), expires_at: timestamp }),
});

const deviceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(['kiosk', 'venue']).meta({
      description: 'A kiosk paired with a code, or a venue’s hub following this server with a sync token',
    }),
    event_ids: z.array(z.string()),
    paired_at: timestamp,
    revoked_at: timestamp.nullable(),
    last_contact_at: timestamp.nullable(),
    waiting_ops: z.number().int().meta({ description: 'Changes it said were waiting at its last contact' }),
    lag: z.number().int().meta({ description: 'Revisions of the hub it has not read yet' }),
    clock_offset_ms: z.number().int().nullable(),
  })
  .meta({ id: 'SyncDevice' });

const conflictSchema = z
  .object({
    id: z.string(),
    kind: z.enum(CONFLICT_KINDS),
    rule: z.string().meta({ description: 'The rule that was applied, in words' }),
    event_id: z.string(),
    attendee_id: z.string(),
    attendee_name: z.string().nullable(),
    device: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    created_at: timestamp,
    acknowledged_at: timestamp.nullable(),
  })
  .meta({ id: 'SyncConflict' });

export const syncOverview = z.object({
  data: z.object({
    revision: z.number().int(),
    devices: z.array(deviceSchema),
    conflicts: z.array(conflictSchema),
  }),
});

export const syncOverviewQuery = z.object({ acknowledged: z.enum(['true', 'false']).optional() });

export const deviceParams = z.object({ id: uuidParam('Device UUID') });
export const conflictParams = z.object({ id: z.string().max(64) });

export type DeviceWire = z.input<typeof deviceSchema>;
export type ConflictWire = z.input<typeof conflictSchema>;

/** A venue's hub connecting to the online server it will follow, with a `sync` token. */
export const connectBody = z.object({
  name: singleLine(z.string().trim().min(1).max(100)),
  event_ids: z.array(uuidParam('Event UUID')).min(1).max(50),
  schema_version: z.number().int().min(1),
});

export const connectResponse = pairResponse;

export const upstreamEventsResponse = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      starts_at: timestamp.nullable(),
      attendees_count: z.number().int(),
    }),
  ),
});

/** The hub's dashboard: the online server to follow. */
export const upstreamBody = z.object({
  url: z.string().trim().min(1).max(2048),
  token: z.string().trim().min(1).max(200),
  event_ids: z.array(uuidParam('Event UUID')).min(1).max(50),
});

export const upstreamEventsBody = upstreamBody.omit({ event_ids: true });

export const upstreamStatusResponse = z.object({
  data: z.object({
    connected: z.boolean(),
    url: z.string().nullable(),
    event_ids: z.array(z.string()),
    downloading: z.boolean().meta({ description: 'The first download after connecting is still running' }),
    pulled_revision: z.number().int(),
    latest_revision: z.number().int().nullable().meta({
      description: 'The online server’s revision at its last answer; with pulled_revision, a progress bar',
    }),
    attendees_here: z.number().int(),
    waiting_up: z.number().int().meta({ description: 'Venue changes the online server has not taken yet' }),
    waiting_down: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Revisions of the online server not read yet (null before its first answer)' }),
    last_sync_at: timestamp.nullable(),
    online_reachable: z.boolean(),
  }),
});
