import { t, wordsOf } from '../../shared/i18n/index.ts';
import { venueServers } from '../../shared/venue/venue.ts';
import { useQrCamera, type CameraStatus } from '../../kiosk/scan/useQrCamera.ts';
import { Notice } from '../shell/controls.tsx';

const words = wordsOf(() => t.dashboard.desk.camera);
const VIEW_ID = 'desk-camera-view';

/**
 * The desk's camera, reading codes continuously with the kiosk's scanner (kiosk/scan/useQrCamera.ts) until it is
 * turned off. A browser gives a camera only to a secure page: on a LAN address over plain HTTP the desk says why
 * there is none and what to do instead, rather than failing silently.
 */
export function DeskCamera({ onCode }: { onCode: (text: string) => void }) {
  if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) return <NeedsSecurePage />;
  return <CameraView onCode={onCode} />;
}

function CameraView({ onCode }: { onCode: (text: string) => void }) {
  const status = useQrCamera(VIEW_ID, onCode);
  return (
    <div className="desk-camera" data-testid="desk-camera" data-status={status}>
      <div id={VIEW_ID} className="desk-camera-view" aria-label={words.view} role="img" />
      <p className="desk-camera-state" role="status">
        {words.states[status]}
      </p>
      {problem(status) && <Notice tone="error">{problem(status)}</Notice>}
    </div>
  );
}

function problem(status: CameraStatus): string | null {
  switch (status) {
    case 'denied':
      return words.denied;
    case 'missing':
      return words.missing;
    case 'unavailable':
      return words.unavailable;
    default:
      return null;
  }
}

/**
 * Where this desk can be opened with a camera: this server's https address (from the venue's list), on the name the
 * page was opened with, since the venue certificate covers the machine's names and addresses alike.
 */
export function secureDeskUrl(): string | null {
  const here = window.location;
  const servers = venueServers();
  const own =
    servers.find((server) => server.origins.includes(here.origin)) ?? servers.find((s) => s.role === 'hub');
  const secure = own?.origins.find((origin) => origin.startsWith('https://'));
  if (!secure) return null;
  const port = new URL(secure).port;
  return `https://${here.hostname}${port ? `:${port}` : ''}${here.pathname}${here.search}`;
}

function NeedsSecurePage() {
  const secure = secureDeskUrl();
  return (
    <div className="desk-camera-help" data-testid="desk-camera-help" role="alert">
      <p>
        <strong>{words.insecureTitle}</strong> {words.insecure(window.location.origin)}
      </p>
      {secure ? (
        <p>
          {words.openSecure} <a href={secure}>{secure}</a>. {words.trustFirst}{' '}
          <a href={`${window.location.origin}/trust`}>{`${window.location.origin}/trust`}</a>.
        </p>
      ) : (
        <p>{words.noHttps}</p>
      )}
      <p>{words.meanwhile}</p>
    </div>
  );
}
