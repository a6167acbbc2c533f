import { t } from '../../shared/i18n/index.ts';
import { Alert } from '../components/Alert.tsx';
import { useHubStatus } from './useHubStatus.ts';

/**
 * A banner across the top of every screen while the hub (or, for a browser on the LAN, the server) cannot be
 * reached, or while a replica kiosk works offline. It goes away by itself when the connection returns; the screens
 * keep working as before underneath.
 */
export function HubBanner() {
  const status = useHubStatus();
  if (status.kind === 'reachable') return null;
  return (
    <div className="hub-banner" data-testid="hub-banner" style={{ position: 'sticky', top: 0, zIndex: 100 }}>
      {status.kind === 'offline' ? (
        <Alert tone="warning" title={t.hub.offlineTitle} message={t.hub.offlineMessage(status.waiting)} />
      ) : (
        <Alert tone="error" title={t.hub.lostTitle} message={t.hub.lostMessage} />
      )}
    </div>
  );
}
