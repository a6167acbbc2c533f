import { createContext, useContext } from 'react';
import type { KioskScreen } from '../../shared/router.ts';
import type { KioskEvent } from '../api.ts';

/** Answers handed from one screen to the next: an email to check in with, or a scanned profile to register. */
export interface Prefill {
  answers: Record<string, string>;
  fromProfile: boolean;
  /**
   * The email is one the person typed and that found no registration: the form says so, asking them to check it
   * before registering with it (a typo there would be a second registration).
   */
  checkEmail?: boolean;
  /** The check-in screen opens on finding oneself by name (a scanned code the event did not know). */
  findByName?: boolean;
}

/** What a kiosk screen knows of the visit in progress. Everything here is forgotten when the kiosk goes home. */
export interface KioskSession {
  event: KioskEvent;
  prefill: Prefill | null;
  /** Opens another screen of this kiosk, optionally with answers for its form. */
  go(screen: KioskScreen, prefill?: Prefill): void;
  /** Back to the kiosk's home, forgetting the person: form values, scanned profile, results. */
  finish(): void;
}

export const KioskSessionContext = createContext<KioskSession | null>(null);

export function useKioskSession(): KioskSession {
  const session = useContext(KioskSessionContext);
  if (!session) throw new Error('useKioskSession outside a kiosk');
  return session;
}
