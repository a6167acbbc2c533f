import { ApiError } from '../../shared/api/client.ts';
import { sessionApi, type Session } from '../api/session.ts';
import { arriveFromAnotherDesk } from './roaming.ts';

export type Gate =
  | { status: 'loading' }
  | { status: 'failed'; error: ApiError }
  | { status: 'needs-setup'; needsSetupCode: boolean }
  /** `notice`: why, in words read while rendering (the language can change). */
  | { status: 'signed-out'; notice?: 'sessionExpired' | 'signedOut' }
  | { status: 'signed-in'; session: Session };

/** Its answer as the page started (dashboard/early.ts), under this name. */
export const EARLY_GATE = 'gate';

let arrival: Promise<void> | null = null;

/**
 * A desk that has just moved here from a server that stopped signs in with the ticket it brought (shell/roaming.ts),
 * once, before anything of the dashboard is asked for.
 */
export const arrived = (): Promise<void> => (arrival ??= arriveFromAnotherDesk());

/** Where the server says we stand: first run, signed out, or signed in as whom. Both asked at once. */
export async function findGate(signal?: AbortSignal): Promise<Gate> {
  await arrived();
  const setup = sessionApi.setupState(signal);
  const session = sessionApi.current(signal).then(
    (current): Gate => ({ status: 'signed-in', session: current }),
    (error: unknown): Gate => {
      if (error instanceof ApiError && error.status === 401) return { status: 'signed-out' };
      throw error;
    },
  );
  // Before setup, nobody is signed in: the session's answer (a 401) is not waited for.
  session.catch(() => undefined);
  const state = await setup;
  if (state.needsSetup) return { status: 'needs-setup', needsSetupCode: state.needsSetupCode };
  return session;
}

/** A failure to find the gate, as the gate that shows it. */
export const failedGate = (error: unknown): Gate => ({
  status: 'failed',
  error: error instanceof ApiError ? error : new ApiError(0, ''),
});
