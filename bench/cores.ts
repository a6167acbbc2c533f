import { execFileSync } from 'node:child_process';
import os from 'node:os';

/**
 * Where the benchmark's processes run. With two cores or more (and Linux's `taskset`), the load generator keeps
 * core 0 and the servers under test get core 1, each process with all its threads: the server then never competes
 * with autocannon for a core, nor migrates between cores mid-run, and rounds repeat far better than when the
 * scheduler places them. App and twin share core 1, but only one of them is under load at any time.
 */
export interface CorePlan {
  loadGenerator: string;
  servers: string;
}

/** Pins every thread of `pid` to `cores` (a taskset list such as "1"); false where that cannot be done. */
export function pinProcess(pid: number, cores: string): boolean {
  try {
    execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cores, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Pins this process (the load generator) and returns the plan, or null when the machine cannot pin. */
export function pinLoadGenerator(): CorePlan | null {
  if (os.availableParallelism() < 2) return null;
  const plan: CorePlan = { loadGenerator: '0', servers: '1' };
  return pinProcess(process.pid, plan.loadGenerator) ? plan : null;
}
