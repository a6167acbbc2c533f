import { lazyWithPreload } from '../../shared/lazy.ts';

/** The screens after home, each its own script: the home starts without them and fetches them once it is up. */
export const LATER_SCREENS = {
  register: lazyWithPreload(() =>
    import('../register/RegisterScreen.tsx').then((m) => ({ default: m.RegisterScreen })),
  ),
  'check-in': lazyWithPreload(() =>
    import('../check-in/CheckInScreen.tsx').then((m) => ({ default: m.CheckInScreen })),
  ),
  scan: lazyWithPreload(() => import('../scan/ScanScreen.tsx').then((m) => ({ default: m.ScanScreen }))),
};

export function preloadLaterScreens(): void {
  for (const screen of Object.values(LATER_SCREENS)) void screen.preload();
}
