import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { wakeAfterCommit } from '../../server/platform/wake-after-commit.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('wakeAfterCommit', () => {
  it('runs one round after the transaction that woke it, which sees what it committed', async () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE outbox (id INTEGER PRIMARY KEY)');
    const seen: number[] = [];
    const wake = wakeAfterCommit(() => {
      seen.push((db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number }).n);
    }, new AbortController().signal);

    db.transaction(() => {
      db.prepare('INSERT INTO outbox DEFAULT VALUES').run();
      wake();
      db.prepare('INSERT INTO outbox DEFAULT VALUES').run();
      wake();
    })();
    expect(seen).toEqual([]);
    await nextTurn();
    expect(seen).toEqual([2]);

    wake();
    await nextTurn();
    expect(seen).toEqual([2, 2]);
    db.close();
  });

  it('starts no round once stopped, even one already asked for', async () => {
    const stopped = new AbortController();
    let rounds = 0;
    const wake = wakeAfterCommit(() => rounds++, stopped.signal);
    wake();
    stopped.abort();
    wake();
    await nextTurn();
    expect(rounds).toBe(0);
  });
});
