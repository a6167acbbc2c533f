import { useEffect, useState } from 'react';
import { format, t, wordsOf } from '../../shared/i18n/index.ts';
import {
  keepVenueListed,
  onVenueChange,
  refreshServers,
  serverAnswers,
  venueServers,
} from '../../shared/venue/venue.ts';
import type { VenueServer } from '../../shared/venue/venue-rules.ts';
import { Pill } from '../shell/controls.tsx';

const words = wordsOf(() => t.dashboard.sync.venue);

/** How often the page asks each server whether it answers, while the page is open. */
const PROBE_EVERY_MS = 5_000;

/** The venue's servers as the page knows them, kept current. */
export function useVenueServers(): readonly VenueServer[] {
  const [servers, setServers] = useState(venueServers);
  useEffect(() => {
    keepVenueListed();
    void refreshServers();
    return onVenueChange(() => setServers(venueServers()));
  }, []);
  return servers;
}

/** The address a kiosk pairs with: the hub's plain-HTTP origin as `host:port` (what `--hub` takes), if it has one. */
export function hubPairingAddress(servers: readonly VenueServer[]): string | null {
  const hub = servers.find((server) => server.role === 'hub');
  const origin = hub?.origins.find((o) => o.startsWith('http://'));
  return origin ? origin.slice('http://'.length) : null;
}

/** The origin this browser reaches a server at: one of the page's own scheme first. */
function originFor(server: VenueServer): string | undefined {
  return server.origins.find((o) => o.startsWith(`${window.location.protocol}//`)) ?? server.origins[0];
}

/**
 * Where the desks are: the hub and each paired kiosk serve the desk and the kiosk, and a page whose server stops
 * carries on through one that answers. Each is asked from this browser, so "answers" means "answers here".
 */
export function VenueSection() {
  const servers = useVenueServers();
  const [answering, setAnswering] = useState<Record<string, boolean>>({});
  const origins = servers.map(originFor).filter((o): o is string => o !== undefined);
  const key = origins.join(' ');

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const answers = await Promise.all(origins.map(async (o) => [o, await serverAnswers(o)] as const));
      if (!live) return;
      setAnswering(Object.fromEntries(answers));
      timer = setTimeout(() => void ask(), PROBE_EVERY_MS);
    };
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `key` stands for `origins`, whose array is new at every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return (
    <section aria-labelledby="sync-venue">
      <h2 id="sync-venue">{words.title}</h2>
      <p className="dfield-hint">{words.intro}</p>
      <table className="dtable" data-testid="venue-servers">
        <caption className="visually-hidden">{words.title}</caption>
        <thead>
          <tr>
            <th scope="col">{words.server}</th>
            <th scope="col">{words.desk}</th>
            <th scope="col">{words.state}</th>
            <th scope="col">{words.lastContact}</th>
          </tr>
        </thead>
        <tbody>
          {servers.map((server) => {
            const origin = originFor(server);
            const state = origin === undefined ? undefined : answering[origin];
            return (
              <tr key={server.device_id ?? 'hub'} data-testid="venue-server">
                <th scope="row">
                  {server.name} <Pill>{server.role === 'hub' ? words.hub : words.kiosk}</Pill>
                </th>
                <td>
                  {origin ? (
                    <a href={`${origin}/dashboard`}>{origin}</a>
                  ) : (
                    <span className="muted">{words.noAddress}</span>
                  )}
                </td>
                <td data-label={words.state} data-testid="venue-server-state">
                  {state === undefined ? (
                    <span className="muted">{words.asking}</span>
                  ) : state ? (
                    <Pill tone="good">{words.working}</Pill>
                  ) : (
                    <Pill tone="bad">{words.notAnswering}</Pill>
                  )}
                </td>
                <td data-label={words.lastContact}>
                  {server.role === 'hub'
                    ? '—'
                    : server.last_seen_at
                      ? format.dateTime(server.last_seen_at)
                      : words.never}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
