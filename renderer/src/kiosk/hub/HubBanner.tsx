import { t } from '../../shared/i18n/index.ts';
import { Alert } from '../components/Alert.tsx';
import { useHubStatus } from './useHubStatus.ts';

/**
 * A banner across the top of every screen while the hub (or, for a browser on the LAN, the server) cannot be
 * reached. It goes away by itself when the connection returns; the screens keep working as before underneath.
 */
export function HubBanner() {
  const status = useHubStatus();
  if (status === 'reachable') return null;
  return (
    <div className="hub-banner" data-testid="hub-banner" style={{ position: 'sticky', top: 0, zIndex: 100 }}>
      <Alert tone="error" title={t.hub.lostTitle} message={t.hub.lostMessage} />
    </div>
  );
}
