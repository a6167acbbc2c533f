import { useState } from 'react';

/**
 * Answers the dashboard's first screen needs, asked for as the page's script starts, all at once, and waited for
 * before its first render (dashboard-main.tsx, dashboard/early.ts): without them each screen asks only once the one
 * around it has rendered, and on a phone's slow CPU each of those renders costs more than the requests. Only what
 * succeeded is kept (a refusal is asked again, by the screen, as it would have been), and only for the screens of
 * the first render: the dashboard forgets them once that render is on screen.
 */
const answers = new Map<string, unknown>();
/** Once the first render is on screen, an answer that comes later is not kept: it would be stale when used. */
let firstRenderDone = false;

/** Keeps what `answer` brings under `key`; never rejects. */
export async function keepEarly<T>(key: string, answer: Promise<T>): Promise<void> {
  try {
    const data = await answer;
    if (!firstRenderDone) answers.set(key, data);
  } catch {
    // The screen asks again, and shows the failure as it always has.
  }
}

/** The answer kept under `key` when this component first rendered, or null: its own request then. */
export function useEarlyAnswer<T>(key: string): T | null {
  const [early] = useState(() => (answers.get(key) as T | undefined) ?? null);
  return early;
}

/** After the first render: anything rendered later asks the server afresh. */
export function forgetEarlyAnswers(): void {
  firstRenderDone = true;
  answers.clear();
}
