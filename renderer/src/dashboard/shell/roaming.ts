import { useEffect, useState } from 'react';
import {
  candidatesFor,
  firstAnswering,
  keepVenueListed,
  onServerUnreachable,
  serverAnswers,
  venueServers,
  type FailedCall,
} from '../../shared/venue/venue.ts';
import { sessionApi } from '../api/session.ts';

/**
 * A desk that carries on through a kiosk's server when its own stops (docs/pages-that-move.md). The
 * dashboard's session cookie belongs to its server, so the desk moves by loading itself from the other server, with
 * what it needs in the address's fragment (never sent to a server, and taken out of the address at once):
 *
 * - a roaming ticket (server/failover/), kept in memory since the desk opened on the hub and renewed every few
 *   minutes: the other server signs the staff member in with it, once, without a password;
 * - the desk it came from (`home`), which it goes back to once that has answered twice in a row and the desk is not
 *   in the middle of something (a dialog, a form, text typed), where the desk's cookie still signs it in;
 * - the check-in that was on its way when the server stopped, with its idempotency key: made again here, it is the
 *   same check-in if it had arrived (server/failover/failover.rules.ts), and made if it had not.
 */

const ROAM = 'arrivals-roam';
const HOME = 'arrivals-home';
const RETRY = 'arrivals-retry';
const HOME_KEY = 'arrivals.roaming.home';
const TICKETS_EVERY_MS = 4 * 60 * 1000;
const HOME_POLL_MS = 2_000;
const HOME_ANSWERS = 2;

/** Only a check-in (by button or scan) is made again after a move: its key makes it safe to. */
const RETRIABLE = /^\/dashboard\/api\/events\/[^/]+\/(attendees\/[^/]+\/check-in|scan)$/;

/** What the desk says after a move, once: where it carries on, and what became of the check-in under way. */
export interface Arrival {
  from: string;
  retried: { ok: boolean; message: string } | null;
}

let arrival: Arrival | null = null;

/** What a move left to say, once (the desk shows it when it opens). */
export function takeArrival(): Arrival | null {
  const said = arrival;
  arrival = null;
  return said;
}

/**
 * At the dashboard's start: a desk that has just moved here signs in with its ticket and makes again the check-in
 * that was on its way. Nothing happens on an address without a ticket.
 */
export async function arriveFromAnotherDesk(): Promise<void> {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const ticket = fragment.get(ROAM);
  if (ticket === null) return;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  const from = fragment.get(HOME);
  if (from && /^https?:\/\/[^/]+$/.test(from) && from !== window.location.origin) {
    sessionStorage.setItem(HOME_KEY, from);
  }
  try {
    await sessionApi.redeemRoamingTicket(ticket);
  } catch {
    // Expired or used: the desk asks to sign in, as it would have.
    return;
  }
  arrival = { from: from ?? '', retried: await retry(fragment.get(RETRY)) };
}

async function retry(encoded: string | null): Promise<Arrival['retried']> {
  if (!encoded) return null;
  let call: FailedCall;
  try {
    call = JSON.parse(encoded) as FailedCall;
  } catch {
    return null;
  }
  if (call.method !== 'POST' || !RETRIABLE.test(call.path) || !call.idempotencyKey) return null;
  try {
    const response = await fetch(call.path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'idempotency-key': call.idempotencyKey,
      },
      body: call.body ?? '{}',
    });
    const body = (await response.json().catch(() => ({}))) as { message?: unknown };
    return { ok: response.ok, message: typeof body.message === 'string' ? body.message : '' };
  } catch {
    return null;
  }
}

/** The desk's own server when it has moved away from it; null on the server it was opened on. */
function roamingHome(): string | null {
  return sessionStorage.getItem(HOME_KEY);
}

/** Nothing half done that a reload would lose: no dialog open, no form or text under way. */
function isQuiet(): boolean {
  if (document.querySelector('dialog[open]')) return false;
  if (document.querySelector('#desk-walkin-panel form')) return false;
  const active = document.activeElement;
  return !(
    (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) &&
    active.value.trim() !== ''
  );
}

function moveTo(origin: string, extra: Record<string, string>): void {
  const fragment = new URLSearchParams(extra).toString();
  window.location.assign(
    `${origin}${window.location.pathname}${window.location.search}${fragment ? `#${fragment}` : ''}`,
  );
}

/**
 * The desk of `eventId` carries on through another of the venue's servers when its own stops, and goes back when
 * it returns. Returns the origin it is moving to while it moves (for the desk to say so), else null.
 */
export function useRoamingDesk(eventId: string): string | null {
  const [movingTo, setMovingTo] = useState<string | null>(null);

  useEffect(() => {
    keepVenueListed();
    let live = true;
    let tickets = new Map<string, string>();
    let ticketTimer: ReturnType<typeof setTimeout> | undefined;
    let homeTimer: ReturnType<typeof setTimeout> | undefined;
    let moving = false;

    const renewTickets = () => {
      sessionApi.roamingTickets().then(
        (issued) => {
          if (live) tickets = new Map(issued.map((t) => [t.server, t.ticket]));
        },
        () => undefined,
      );
      ticketTimer = setTimeout(renewTickets, TICKETS_EVERY_MS);
    };
    renewTickets();

    const here = window.location.origin;
    const home = roamingHome();

    const stopListening = onServerUnreachable((failed) => {
      if (moving) return;
      moving = true;
      void (async () => {
        // A call can fail for a moment; the server's own status says whether it is gone.
        if (await serverAnswers(here)) {
          moving = false;
          return;
        }
        const found = await firstAnswering(candidatesFor(here, eventId.toLowerCase()));
        if (!live || !found) {
          moving = false;
          return;
        }
        const server = venueServers().find((s) => s.origins.includes(found));
        const ticket = server?.device_id ? tickets.get(server.device_id) : undefined;
        const extra: Record<string, string> = { [HOME]: home ?? here };
        if (ticket && found !== home) extra[ROAM] = ticket;
        if (failed.method === 'POST' && RETRIABLE.test(failed.path)) extra[RETRY] = JSON.stringify(failed);
        setMovingTo(found);
        moveTo(found, found === home ? {} : extra);
      })();
    });

    // Away from its own server: back once it has answered twice in a row and nothing is under way here.
    const watchHome = (answers: number) => {
      if (!home) return;
      homeTimer = setTimeout(() => {
        void serverAnswers(home).then((answered) => {
          if (!live) return;
          const inARow = answered ? answers + 1 : 0;
          if (inARow >= HOME_ANSWERS && isQuiet() && !moving) {
            moving = true;
            sessionStorage.removeItem(HOME_KEY);
            setMovingTo(home);
            moveTo(home, {});
            return;
          }
          watchHome(inARow);
        });
      }, HOME_POLL_MS);
    };
    watchHome(0);

    return () => {
      live = false;
      stopListening();
      clearTimeout(ticketTimer);
      clearTimeout(homeTimer);
    };
  }, [eventId]);

  return movingTo;
}
