import type { ReactNode } from 'react';
import { WarningIcon } from '../../shared/components/Icons.tsx';
import { t } from '../../shared/i18n/index.ts';
import { ReadsCodesContext } from './hand-off.ts';
import { ScanResult } from './ScanOutcome.tsx';
import { isFinalScan, useCodeCheckIn, type CodeCheckIn } from './useCodeCheckIn.ts';
import { useKeyboardWedge } from './useKeyboardWedge.ts';
import { isCameraShown, useQrCamera, type CameraStatus, type CameraWanted } from './useQrCamera.ts';

/** The one element html5-qrcode draws the camera into: one screen reads codes at a time. */
const READER_ID = 'qr-reader';

export interface ScanStationState extends CodeCheckIn {
  camera: CameraStatus;
}

/**
 * A screen that reads codes all along (the home, the scan screen): its camera, when it has one, and the
 * keyboard-wedge scanner run from the moment it opens, through every result, so the next person's code replaces the
 * last result at once.
 */
export function useScanStation(camera: CameraWanted): ScanStationState {
  return useStationReading(useCodeCheckIn(), camera);
}

/** A station that reads codes into `checkIn` (the kiosk's check-in, or a door's scans on its list). */
export function useStationReading(checkIn: CodeCheckIn, camera: CameraWanted): ScanStationState {
  useKeyboardWedge((code) => checkIn.scanned(code, 'scanner'));
  const status = useQrCamera(READER_ID, checkIn.scanned, camera);
  return { ...checkIn, camera: status };
}

/** Why the camera cannot run, in the language on screen; null while it runs or is not wanted. */
function cameraProblemText(status: CameraStatus): string | null {
  switch (status) {
    case 'missing':
      return t.scan.cameraMissing;
    case 'denied':
      return t.scan.cameraDenied;
    case 'insecure':
      return t.scan.cameraInsecure;
    case 'unavailable':
      return t.scan.cameraUnavailable;
    default:
      return null;
  }
}

/**
 * A station's screen: `before` and `after` the viewfinder while nobody has a result, and the result (with a small
 * viewfinder under it for the next person) once someone has. The viewfinder keeps its place among the children, so
 * React keeps its element, and the camera drawing into it, from one to the other.
 */
export function ScanStation({
  station,
  className,
  before,
  after,
  caption,
}: {
  station: ScanStationState;
  className: string;
  before: ReactNode;
  after: ReactNode;
  /** What the viewfinder says while the camera runs; the scan screen's heading says it already. */
  caption?: string;
}) {
  const result = isFinalScan(station.state) ? station.state : null;
  return (
    <ReadsCodesContext.Provider value={true}>
      <div className={result ? 'station' : className}>
        {/* Each answer is a result of its own: its sound, its focus, its timer. */}
        {result ? <ScanResult key={station.answer} state={result} /> : before}
        <Viewfinder
          status={station.camera}
          compact={result !== null}
          caption={result ? (station.reading ? t.scan.looking : t.scan.next) : caption}
        />
        {result ? null : after}
      </div>
    </ReadsCodesContext.Provider>
  );
}

/**
 * What the camera sees, or why there is no camera. While a result is on screen it shrinks under it (by a transform:
 * the element html5-qrcode measured at start keeps its size) and tells the next person to come forward.
 */
function Viewfinder({
  status,
  compact,
  caption,
}: {
  status: CameraStatus;
  compact: boolean;
  caption: string | undefined;
}) {
  const running = status === 'starting' || status === 'scanning';
  // Hidden, not removed: html5-qrcode keeps drawing into this element while it is out of sight.
  const hidden = !isCameraShown(status) || (compact && !running);
  const problem = cameraProblemText(status);
  const classes = ['camera', `camera--${status}`, compact && 'camera--compact', hidden && 'camera--hidden'];
  return (
    <figure
      className={classes.filter(Boolean).join(' ')}
      data-testid="camera"
      data-status={status}
      aria-hidden={hidden || undefined}
    >
      <div className="camera-frame">
        <div id={READER_ID} className="camera-view" />
      </div>
      {problem ? (
        <figcaption className="camera-message camera-message--problem">
          <WarningIcon size={32} />
          <span>{problem}</span>
        </figcaption>
      ) : status === 'starting' ? (
        <figcaption className="camera-message">{t.scan.cameraStarting}</figcaption>
      ) : caption ? (
        <figcaption className="camera-message">{caption}</figcaption>
      ) : (
        <figcaption className="visually-hidden">{t.scan.camera}</figcaption>
      )}
    </figure>
  );
}
