import type { BulkEvent } from './seed.ts';

/**
 * Wall time of one bulk no-show request over HTTP, from sending the ~380 KiB body to having parsed the answer. The
 * body is serialized before the clock starts: building it is the client's cost, not the server's.
 */
export async function timeBulkNoShow(baseUrl: string, token: string, event: BulkEvent): Promise<number> {
  const body = JSON.stringify({ attendee_ids: event.attendeeUuids });
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/events/${event.uuid}/attendees/bulk-no-show`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
    },
    body,
  });
  const answer = (await response.json()) as { success_count?: unknown };
  const elapsed = performance.now() - started;
  // A fast wrong answer (401, 422, nothing marked) must not pass for a fast right one.
  if (response.status !== 200 || answer.success_count !== event.attendeeUuids.length) {
    throw new Error(`${baseUrl} answered ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  }
  return elapsed;
}
