/**
 * The wake-up of a background sender (mail, webhooks) for work that a write has just queued. The round starts after
 * the current synchronous code: better-sqlite3 commits synchronously, so by then the transaction that queued the work
 * has committed (or rolled back, leaving nothing new). Every wake before the round starts makes that one round; none
 * starts once `stopped` is aborted.
 */
export function wakeAfterCommit(round: () => void, stopped: AbortSignal): () => void {
  let scheduled = false;
  return () => {
    if (scheduled || stopped.aborted) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (!stopped.aborted) round();
    });
  };
}
