/**
 * The replicas of `npm run bench:sync`'s hub load, in a process of their own so that their sync work never holds
 * the load generator's event loop. Started by bench/sync.ts over IPC with the paired data dirs; each replica checks
 * one of its own attendees in every `everyMs` while its sync loops run (`{ type: 'run', on: true }`).
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';

export type ReplicasMessage =
  | { type: 'start'; dirs: string[]; event: string; emails: string[]; everyMs: number }
  | { type: 'run'; on: boolean }
  | { type: 'close' };
export type ReplicasAnswer = { type: 'done' };

const UNLIMITED = { publicEvents: 1e9, profile: 1e9, publicOther: 1e9, token: 1e9 };

let apps: FastifyInstance[] = [];
let timer: NodeJS.Timeout | null = null;
let checkInEverywhere = () => {};
let everyMs = 1_000;

async function handle(message: ReplicasMessage): Promise<void> {
  if (message.type === 'start') {
    everyMs = message.everyMs;
    for (const dataDir of message.dirs) {
      const app = await buildApp({ dataDir, kioskDir: false, rateLimits: UNLIMITED });
      await app.ready();
      await app.ctx.replica!.stop();
      apps.push(app);
    }
    const perReplica = Math.floor(message.emails.length / apps.length);
    const next = apps.map(() => 0);
    checkInEverywhere = () =>
      apps.forEach((app, i) => {
        const event = app.ctx.events.findEvent(message.event)!;
        app.ctx.attendees.selfCheckIn(event, message.emails[i * perReplica + (next[i]!++ % perReplica)]!);
      });
    return;
  }
  if (timer) clearInterval(timer);
  timer = null;
  if (message.type === 'run' && message.on) {
    for (const app of apps) app.ctx.replica!.start();
    timer = setInterval(checkInEverywhere, everyMs);
    return;
  }
  await Promise.all(apps.map((app) => app.ctx.replica!.stop()));
  if (message.type === 'close') {
    for (const app of apps) await app.close();
    apps = [];
    process.exit(0);
  }
}

if (!process.send) throw new Error('bench/replicas.ts is started by bench/sync.ts (it needs an IPC channel)');
process.on('disconnect', () => process.exit(1));
process.on('message', (message: ReplicasMessage) => {
  handle(message).then(
    () => process.send!({ type: 'done' } satisfies ReplicasAnswer),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
