/**
 * The outbox without a unique index on `op_id`. Every change a replica makes writes an op here in the same
 * transaction, and an index of 128-bit random keys costs each of those writes a page of the index anywhere in it:
 * a tenth of a replica's check-in (`npm run bench:sync`). Nothing needs it: an op id is drawn fresh for each change,
 * a venue's hub relays a kiosk's op once (in the transaction that first applies it), and the hub's answers are
 * matched to ops by `seq`, the key (sync/replica.service.ts).
 */
export const sql = /* sql */ `
CREATE TABLE sync_outbox_by_seq (
  seq            INTEGER PRIMARY KEY,
  op_id          TEXT NOT NULL,
  origin_device  TEXT NOT NULL,
  kind           TEXT NOT NULL,
  payload        TEXT NOT NULL,
  wall_ms        INTEGER NOT NULL,
  boot_id        TEXT NOT NULL,
  mono_ms        REAL NOT NULL,
  schema_version INTEGER NOT NULL,
  time_uncertain INTEGER NOT NULL DEFAULT 0,
  acked_at       TEXT
);
INSERT INTO sync_outbox_by_seq (seq, op_id, origin_device, kind, payload, wall_ms, boot_id, mono_ms, schema_version,
  time_uncertain, acked_at)
SELECT seq, op_id, origin_device, kind, payload, wall_ms, boot_id, mono_ms, schema_version, time_uncertain, acked_at
FROM sync_outbox;
DROP TABLE sync_outbox;
ALTER TABLE sync_outbox_by_seq RENAME TO sync_outbox;
CREATE INDEX sync_outbox_pending ON sync_outbox(seq) WHERE acked_at IS NULL;
`;
