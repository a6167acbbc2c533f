import { ErrorIcon, SuccessIcon, WarningIcon } from '../../shared/components/Icons.tsx';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { paths } from '../../shared/router.ts';
import type { DashboardEvent } from '../api/events.ts';
import { useReach } from '../api/lan-origin.ts';
import { kioskReadiness, type ReadinessItem } from './kiosk-readiness.ts';
import { ShareLink } from './ShareLink.tsx';

const words = wordsOf(() => ({ ...t.dashboard.events.kioskLink, readiness: t.dashboard.events.readiness }));

/** The kiosk's address as a kiosk or a phone opens it: this server, at an origin other devices reach. */
export function kioskUrl(eventId: string, origin: string): string {
  return origin + paths.kiosk(eventId);
}

const READINESS_ICONS = { ok: SuccessIcon, warning: WarningIcon, problem: ErrorIcon } as const;

/**
 * An event's kiosk link: what is missing for the kiosk to work (kiosk-readiness.ts), then the address to copy and
 * its QR code for a tablet's camera.
 */
export function KioskLink({ event }: { event: DashboardEvent }) {
  const { origin, unreachable } = useReach();
  return (
    <>
      <Readiness
        items={kioskReadiness(event, new Date())}
        summary={{ problems: words.readiness.problems, allGood: words.readiness.allGood }}
        testId="kiosk-readiness"
      />
      <ShareLink
        url={kioskUrl(event.id, origin)}
        unreachable={unreachable}
        label={words.label}
        hint={words.hint}
        qrAlt={words.qrAlt(event.name)}
      />
    </>
  );
}

/** What is ready and what is missing, a line each, under a line saying how many things stop it working. */
export function Readiness({
  items,
  summary,
  testId,
}: {
  items: ReadinessItem[];
  summary: { problems: (n: number) => string; allGood: string };
  testId: string;
}) {
  const problems = items.filter((item) => item.tone === 'problem').length;
  return (
    <div className="kiosk-readiness" data-testid={testId}>
      <p
        className={
          problems > 0 ? 'kiosk-readiness-summary kiosk-readiness-summary--bad' : 'kiosk-readiness-summary'
        }
      >
        {problems > 0 ? summary.problems(problems) : summary.allGood}
      </p>
      <ul>
        {items.map((item) => {
          const Icon = READINESS_ICONS[item.tone];
          return (
            <li key={item.text} className={`kiosk-readiness-item kiosk-readiness-item--${item.tone}`}>
              <Icon size={18} />
              <span>
                <span className="visually-hidden">{words.readiness.tones[item.tone]}: </span>
                {item.text}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
