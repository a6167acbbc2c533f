import type { DashboardPage } from '../shared/router.ts';
import { loadDeskEarly } from './desk/desk-start.ts';
import { keepEarly } from './shell/early-answers.ts';
import { arrived, EARLY_GATE, findGate } from './shell/gate.ts';

/** Longer than this, the first screen renders without the answers, and its screens ask for them themselves. */
const EARLY_WAIT_MS = 1500;

/**
 * What the first screen of `page` needs, asked for at once as the page's script starts: whether staff are signed in
 * and, on a desk, its event, list, counts and mail. The answers wait in shell/early-answers.ts for that screen, so
 * it renders once, with them.
 */
export async function loadDashboardEarly(page: DashboardPage): Promise<void> {
  const answers = (async () => {
    // A desk that has just moved here signs in with its ticket before anything is asked.
    await arrived();
    await Promise.all([
      keepEarly(EARLY_GATE, findGate()),
      ...(page.name === 'desk' ? loadDeskEarly(page.eventId) : []),
    ]);
  })();
  // A server slow to answer: the page shows that it is loading (and the connection's state) rather than nothing.
  // Nothing asked here may keep the page from rendering: whatever failed, its screen asks again and says so.
  await Promise.race([
    answers.catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, EARLY_WAIT_MS)),
  ]);
}
