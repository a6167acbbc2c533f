import { createContext, useContext, useEffect, type DependencyList } from 'react';
import { ApiError } from '../../shared/api/client.ts';
import { useLoad, type Load } from '../../shared/hooks/useLoad.ts';
import type { Session } from '../api/session.ts';

export interface SessionContextValue {
  session: Session;
  isOwner: boolean;
  /** The server said 401: the session ended (signed out elsewhere, password reset, expired). */
  expire: () => void;
  signOut: () => Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

/** The signed-in staff member; only pages inside the signed-in layout call it. */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside the signed-in dashboard');
  return value;
}

/** useLoad for dashboard pages: a 401 ends the session (back to sign-in) instead of showing an error. */
export function useDashboardLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  early: T | null = null,
): Load<T> {
  const { expire } = useSession();
  const state = useLoad(load, deps, early);
  const unauthorized = state.status === 'failed' && state.error.status === 401;
  useEffect(() => {
    if (unauthorized) expire();
  }, [unauthorized, expire]);
  return state;
}

/** For actions (a button's request): a 401 ends the session; anything else is the caller's to show. */
export function useExpireOn401() {
  const { expire } = useSession();
  return (error: unknown): error is ApiError => {
    if (error instanceof ApiError && error.status === 401) {
      expire();
      return false;
    }
    return error instanceof ApiError;
  };
}
