/**
 * A paired device that does its worst (issue 32): a real credential, obtained as any kiosk gets one (a pairing code
 * from `arrivals device code`, then `POST /sync/pair`), and hand-written ops and claims pushed with it to a real hub.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { SCHEMA_VERSION } from '../../server/platform/database.ts';
import { runCli } from '../../server/cli.ts';
import type { Op, OpKind, OpPayload } from '../../server/sync/sync.types.ts';
import { send, type HttpAnswer } from './sync-venue.ts';

export interface RogueDevice {
  credential: string;
  device: string;
  /** Its first block of ids, as the hub granted it. */
  grant: { from: number; to: number };
  /** An op of this device's, numbered after the last one made. */
  op(kind: OpKind, payload: OpPayload, overrides?: Partial<Op>): Op;
  /** A push of `ops`, with the claims a push carries (`acked_seq` and the clocks), overridable. */
  push(ops: Op[], claims?: Record<string, unknown>): Promise<HttpAnswer>;
  /** A feed request. */
  changes(query?: string): Promise<HttpAnswer>;
}

/** Pairs a device with the hub over `hubDir` (served at `hubUrl`) for `events` (default: the organization's). */
export async function pairRogue(
  hubDir: string,
  hubUrl: string,
  options: { organization?: string; events?: readonly string[]; name?: string } = {},
): Promise<RogueDevice> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    [
      'device',
      'code',
      '--data',
      hubDir,
      ...(options.organization ? ['--org', options.organization] : []),
      ...(options.events ? ['--events', options.events.join(',')] : []),
    ],
    { out: (line) => out.push(line), err: (line) => err.push(line) },
  );
  if (code !== 0) throw new Error(`device code failed: ${err.join('\n')}`);
  const paired = await send(hubUrl, 'POST', '/sync/pair', {
    body: { code: out.join('').trim(), name: options.name ?? 'Rogue kiosk' },
  });
  if (paired.status !== 201)
    throw new Error(`pairing answered ${paired.status}: ${JSON.stringify(paired.body)}`);
  const { credential, device, grant } = paired.body.data as {
    credential: string;
    device: string;
    grant: { from: number; to: number };
  };
  const bootId = randomUUID();
  let seq = 0;
  return {
    credential,
    device,
    grant,
    op(kind, payload, overrides = {}) {
      seq += 1;
      return {
        op_id: randomBytes(16).toString('hex'),
        seq,
        device,
        kind,
        payload,
        wall_ms: Date.now(),
        mono_ms: seq,
        boot_id: bootId,
        schema_version: SCHEMA_VERSION,
        ...overrides,
      };
    },
    push(ops, claims = {}) {
      return send(hubUrl, 'POST', '/sync/ops', {
        token: credential,
        body: {
          sent_wall_ms: Date.now(),
          sent_mono_ms: seq,
          boot_id: bootId,
          waiting: ops.length,
          acked_seq: 0,
          wants_ids: false,
          ops,
          ...claims,
        },
      });
    },
    changes(query = 'since=0') {
      return send(hubUrl, 'GET', `/sync/changes?${query}`, { token: credential });
    },
  };
}
