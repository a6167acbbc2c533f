/**
 * What every notification of an outbox batch shares, stored once for the batch: the event of a bulk no-show,
 * which each of its thousand notifications carries. A JSON object that the dispatcher adds to each item's data
 * when it expands the batch; null for batches whose items are whole.
 */
export const sql = `
ALTER TABLE webhook_outbox ADD COLUMN shared TEXT;
`;
