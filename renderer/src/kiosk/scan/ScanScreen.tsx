import { WarningIcon } from '../../shared/components/Icons.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { t } from '../../shared/i18n/index.ts';
import { ScanResult, ScanStatus } from './ScanOutcome.tsx';
import { isFinalScan, useCodeCheckIn } from './useCodeCheckIn.ts';
import { useKeyboardWedge } from './useKeyboardWedge.ts';
import { useQrCamera, type CameraStatus } from './useQrCamera.ts';

const READER_ID = 'qr-reader';

const CAMERA_MESSAGES: Partial<Record<CameraStatus, string>> = {
  starting: t.scan.cameraStarting,
  missing: t.scan.cameraMissing,
  denied: t.scan.cameraDenied,
  unavailable: t.scan.cameraUnavailable,
};

/**
 * Reads a check-in code or a profile QR code from the camera or a keyboard-wedge scanner and checks the person in
 * at once; a profile of someone not registered is shown, to register with.
 */
export function ScanScreen() {
  const { state, scanned } = useCodeCheckIn();
  useKeyboardWedge(scanned);
  // The result replaces the camera, which stops: the visit is over.
  return isFinalScan(state) ? <ScanResult state={state} /> : <ScanView state={state} onScanned={scanned} />;
}

function ScanView({
  state,
  onScanned,
}: {
  state: ReturnType<typeof useCodeCheckIn>['state'];
  onScanned: (text: string) => void;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const camera = useQrCamera(READER_ID, onScanned);
  const cameraMessage = CAMERA_MESSAGES[camera];
  const cameraFailed = camera !== 'starting' && camera !== 'scanning';

  return (
    <div className="scan">
      <h1 ref={heading} tabIndex={-1}>
        {t.scan.title}
      </h1>
      <p className="lead">
        {t.scan.intro} {t.scan.scannerHint}
      </p>
      <div className="scan-layout">
        <figure className={`camera camera--${camera}`} data-testid="camera" data-status={camera}>
          <div id={READER_ID} className="camera-view" />
          {cameraMessage && (
            <figcaption
              className={cameraFailed ? 'camera-message camera-message--problem' : 'camera-message'}
            >
              {cameraFailed && <WarningIcon size={32} />}
              <span>{cameraMessage}</span>
            </figcaption>
          )}
          {!cameraMessage && <figcaption className="visually-hidden">{t.scan.camera}</figcaption>}
        </figure>
        <section className="scan-result" aria-live="polite" aria-busy={state.kind === 'looking'}>
          {state.kind === 'waiting' ? (
            <p className="scan-waiting">{t.scan.waiting}</p>
          ) : (
            <ScanStatus state={state} />
          )}
        </section>
      </div>
    </div>
  );
}
