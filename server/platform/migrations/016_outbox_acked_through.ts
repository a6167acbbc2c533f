/**
 * The outbox without its index of waiting ops. Every change a replica makes writes its op in the same transaction,
 * and that index cost each of those commits one more page (4 KiB in the WAL, and again at the checkpoint). The hub
 * applies a push's ops in order and stops at the first it cannot take, so the ops it acks are always the first ones
 * waiting: what waits is the outbox after one seq, kept in `sync_upstream.outbox_acked_through` (every op up to it
 * is acked), and read from there by the rowid (sync/sync.repository.ts).
 */
export const sql = /* sql */ `
ALTER TABLE sync_upstream ADD COLUMN outbox_acked_through INTEGER NOT NULL DEFAULT 0;
UPDATE sync_upstream SET outbox_acked_through = IFNULL(
  (SELECT MIN(seq) - 1 FROM sync_outbox WHERE acked_at IS NULL),
  (SELECT IFNULL(MAX(seq), 0) FROM sync_outbox));
DROP INDEX sync_outbox_pending;
`;
