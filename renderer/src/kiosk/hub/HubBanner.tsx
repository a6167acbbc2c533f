import { t } from '../../shared/i18n/index.ts';
import { usePathname } from '../../shared/router.ts';
import { parseRoute } from '../../shared/routes.ts';
import { Alert } from '../components/Alert.tsx';
import { useHubStatus, type HubStatus } from './useHubStatus.ts';

/** The connection's state in a few words, for staff who know what a hub is. */
function cornerText(status: Exclude<HubStatus, { kind: 'reachable' }>): string {
  switch (status.kind) {
    case 'offline':
      return t.hub.cornerOffline(status.waiting);
    case 'slow':
      return t.hub.cornerServerSlow;
    case 'hub-unreachable':
      return t.hub.cornerHubLost;
    case 'server-unreachable':
      return t.hub.cornerServerLost;
  }
}

/**
 * The connection to the hub (or, for a browser on the LAN, to the server), told to each as they need it. Attendees
 * at a kiosk see nothing alarming: a replica kiosk working offline works as usual, so only a small note in the
 * bottom corner tells staff (the Sync page says more); a kiosk whose server is slow to answer asks for a moment
 * while it waits; a kiosk that cannot work for now asks, calmly and with no word of hubs, for a moment or for staff.
 * The staff dashboard says a lost connection in a banner, a slow server in the corner only. Everything goes away by
 * itself when the connection returns; the screens keep working underneath.
 */
export function HubBanner() {
  const status = useHubStatus();
  const staffDashboard = parseRoute(usePathname()).name === 'dashboard';
  if (status.kind === 'reachable') return null;
  const offline = status.kind === 'offline';
  const slow = status.kind === 'slow';
  return (
    <>
      {staffDashboard
        ? !slow && (
            <div className="hub-banner" data-testid="hub-banner">
              {offline ? (
                <Alert
                  tone="warning"
                  title={t.hub.offlineTitle}
                  message={t.hub.offlineMessage(status.waiting)}
                />
              ) : (
                <Alert tone="error" title={t.hub.lostTitle} message={t.hub.lostMessage} />
              )}
            </div>
          )
        : !offline && (
            <div className="hub-paused" data-testid="hub-banner" role="status">
              <p className="hub-paused-title">{t.hub.pausedTitle}</p>
              <p>{slow ? t.hub.slowMessage : t.hub.pausedMessage}</p>
            </div>
          )}
      <p className="connection-corner" data-testid="connection-corner">
        {cornerText(status)}
      </p>
    </>
  );
}
