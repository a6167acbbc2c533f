import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// Node hides `gc()` unless started with --expose-gc; the flag set at run time exposes it to new contexts.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * A full garbage collection now. Whether one happens during a test otherwise depends on what ran before it in the
 * same process; a test of something the collector could break forces one where it matters.
 */
export function collectGarbage(): void {
  gc();
}
