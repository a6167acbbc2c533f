/**
 * The faults of a chaos run: a schedule drawn from the seed before the run starts (so it can be printed and
 * replayed), then played against the venue's links and processes in real time.
 */
import type { LinkMode } from './fault-proxy.ts';
import { LINKS, NODES, type LinkName, type NodeName, type Venue } from './processes.ts';
import type { Prng } from './prng.ts';

export type FaultAction =
  | { target: LinkName; kind: 'link'; mode: LinkMode }
  | { target: LinkName; kind: 'drop' }
  /** SIGKILL, then the same data dir and port again after `downMs`. */
  | { target: NodeName; kind: 'kill'; downMs: number }
  /** SIGSTOP, then SIGCONT after `forMs`. */
  | { target: NodeName; kind: 'pause'; forMs: number };

export type ScheduledFault = FaultAction & { atMs: number };

export interface FaultOptions {
  /** How long faults are played. */
  durationMs: number;
  /** Each link changes every `minGapMs`..`maxGapMs`. */
  minGapMs: number;
  maxGapMs: number;
  /** Each process may be killed or paused every `minProcessGapMs`..`maxProcessGapMs` (a restart takes seconds). */
  minProcessGapMs: number;
  maxProcessGapMs: number;
}

const LINK_MODES: readonly (readonly [LinkMode | 'drop', number])[] = [
  ['open', 40],
  ['refuse', 15],
  ['blackhole', 12],
  ['lose-answers', 18],
  ['refuse-pushes', 8],
  ['drop', 15],
];

const PROCESS_FAULTS: readonly (readonly ['none' | 'kill' | 'pause', number])[] = [
  ['none', 30],
  ['kill', 35],
  ['pause', 35],
];

/**
 * Every link and every process, each on its own timeline, changes every few seconds; once in most runs, every link
 * goes down together for 8-25 s (the venue's internet and its Wi-Fi at once).
 */
export function drawFaultSchedule(random: Prng, options: FaultOptions): ScheduledFault[] {
  const faults: ScheduledFault[] = [];
  const gap = () => random.int(options.minGapMs, options.maxGapMs);
  for (const link of LINKS) {
    for (let at = gap(); at < options.durationMs; at += gap()) {
      const mode = random.weighted(LINK_MODES);
      faults.push(
        mode === 'drop'
          ? { atMs: at, target: link, kind: 'drop' }
          : { atMs: at, target: link, kind: 'link', mode },
      );
    }
  }
  const processGap = () => random.int(options.minProcessGapMs, options.maxProcessGapMs);
  for (const node of NODES) {
    for (let at = processGap(); at < options.durationMs;) {
      const fault = random.weighted(PROCESS_FAULTS);
      if (fault === 'kill') {
        const downMs = random.int(200, 2_000);
        faults.push({ atMs: at, target: node, kind: 'kill', downMs });
        at += downMs;
      } else if (fault === 'pause') {
        const forMs = random.int(500, 5_000);
        faults.push({ atMs: at, target: node, kind: 'pause', forMs });
        at += forMs;
      }
      at += processGap();
    }
  }
  if (options.durationMs > 30_000 && random.chance(0.7)) {
    const at = random.int(5_000, options.durationMs - 25_000);
    const forMs = random.int(8_000, 25_000);
    // The links stay down for the whole window: their own changes inside it are left out.
    const inWindow = (fault: ScheduledFault) =>
      (fault.kind === 'link' || fault.kind === 'drop') && fault.atMs >= at && fault.atMs < at + forMs;
    faults.splice(0, faults.length, ...faults.filter((fault) => !inWindow(fault)));
    for (const link of LINKS) {
      faults.push({
        atMs: at,
        target: link,
        kind: 'link',
        mode: random.pick(['refuse', 'blackhole'] as const),
      });
      faults.push({ atMs: at + forMs, target: link, kind: 'link', mode: 'open' });
    }
  }
  return faults.sort((a, b) => a.atMs - b.atMs || a.target.localeCompare(b.target));
}

export function describeFault(fault: ScheduledFault): string {
  const at = `${(fault.atMs / 1000).toFixed(1).padStart(6)} s`;
  switch (fault.kind) {
    case 'link':
      return `${at}  link ${fault.target} -> ${fault.mode}`;
    case 'drop':
      return `${at}  link ${fault.target} drops its connections`;
    case 'kill':
      return `${at}  ${fault.target} SIGKILL, restarted after ${fault.downMs} ms`;
    case 'pause':
      return `${at}  ${fault.target} SIGSTOP, SIGCONT after ${fault.forMs} ms`;
  }
}

/** What was actually done, when (ms from the start), for the report. */
export interface FaultLogEntry {
  atMs: number;
  what: string;
}

/**
 * Plays `schedule` against the venue: one timeline per link and per process, so a restart that takes a while
 * delays only that process's next faults (by as long as the restart was late). `stop()` ends it and waits for the faults under way to finish.
 */
export function playFaults(
  venue: Venue,
  schedule: readonly ScheduledFault[],
  startedAt: number,
): { stop(): Promise<void>; log: FaultLogEntry[] } {
  const log: FaultLogEntry[] = [];
  let stopped = false;
  const wakers = new Set<() => void>();
  const note = (what: string) => log.push({ atMs: Date.now() - startedAt, what });
  /** Waits until `atMs` after the start, or less if the run stops. */
  const until = (atMs: number) =>
    new Promise<void>((resolve) => {
      const delay = startedAt + atMs - Date.now();
      if (delay <= 0 || stopped) return resolve();
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, delay);
      wakers.add(wake);
    });

  const timelines = new Map<string, ScheduledFault[]>();
  for (const fault of schedule) {
    const list = timelines.get(fault.target) ?? [];
    list.push(fault);
    timelines.set(fault.target, list);
  }

  const play = async (faults: ScheduledFault[]) => {
    // How late this timeline runs: a restart that took longer than planned (a busy machine) moves the faults after
    // it, so that a process gets the planned time up before its next fault.
    let lateMs = 0;
    for (const planned of faults) {
      const fault = { ...planned, atMs: planned.atMs + lateMs };
      await until(fault.atMs);
      if (stopped) return;
      switch (fault.kind) {
        case 'link':
          venue.links[fault.target].setMode(fault.mode);
          note(`link ${fault.target} -> ${fault.mode}`);
          break;
        case 'drop':
          venue.links[fault.target].drop();
          note(`link ${fault.target} dropped its connections`);
          break;
        case 'kill': {
          const node = venue.nodes[fault.target];
          await node.kill();
          note(`${fault.target} killed`);
          await until(fault.atMs + fault.downMs);
          await node.restart();
          note(`${fault.target} restarted`);
          lateMs += Math.max(0, Date.now() - startedAt - (fault.atMs + fault.downMs));
          break;
        }
        case 'pause': {
          const node = venue.nodes[fault.target];
          node.pause();
          note(`${fault.target} paused`);
          await until(fault.atMs + fault.forMs);
          node.resume();
          note(`${fault.target} resumed`);
          break;
        }
      }
    }
  };
  const running = [...timelines.values()].map((faults) => play(faults));

  return {
    log,
    async stop() {
      stopped = true;
      for (const wake of [...wakers]) wake();
      await Promise.all(running);
    },
  };
}
