import { useEffect, useRef, useState } from 'react';

/**
 * Where a camera stands. `off`: not wanted here; `checking`: looking whether the device has one; `none`: it has
 * none and none was asked for (a kiosk without a camera, which is nothing to warn about); `starting` and
 * `scanning`; and why it cannot run: `missing` (asked for, but the device has none), `denied` (permission),
 * `insecure` (a page over plain HTTP from another machine: browsers give cameras to secure pages only),
 * `unavailable` (anything else: in use by another program, broken).
 */
export type CameraStatus =
  'off' | 'checking' | 'none' | 'starting' | 'scanning' | 'missing' | 'denied' | 'insecure' | 'unavailable';

/** `on`: start it and say why when it cannot; `auto`: only when the device has a camera; `off`: never. */
export type CameraWanted = 'on' | 'auto' | 'off';

/** The statuses a viewfinder shows: the camera, or why it cannot run. */
export const isCameraShown = (status: CameraStatus) =>
  status !== 'off' && status !== 'checking' && status !== 'none';

/** At least 10 a second (the floor): a code shown to the camera is read within about 100 ms. */
const FRAMES_PER_SECOND = 15;

/** The scan box: the middle 70% of the view, a square, as html5-qrcode wants at least 50 px. */
const scanBox = (width: number, height: number) => {
  const side = Math.max(50, Math.floor(Math.min(width, height) * 0.7));
  return { width: side, height: side };
};

/** html5-qrcode rejects with strings like "Error getting userMedia, error = NotFoundError: ...". */
export function cameraProblem(error: unknown): CameraStatus {
  const text = String(error instanceof Error ? `${error.name}: ${error.message}` : error);
  if (/NotAllowedError|Permission|SecurityError/i.test(text)) return 'denied';
  if (/NotFoundError|OverconstrainedError|not found|DevicesNotFound/i.test(text)) return 'missing';
  return 'unavailable';
}

/** Whether this page may ask for a camera at all: browsers offer `getUserMedia` to secure pages only. */
function mayAskForCamera(): boolean {
  return window.isSecureContext && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/**
 * Whether the device has a camera, asked without a permission prompt: a browser lists its cameras (unnamed) before
 * any permission is given.
 */
async function deviceHasCamera(): Promise<boolean> {
  try {
    const devices = await navigator.mediaDevices.enumerateDevices();
    return devices.some((device) => device.kind === 'videoinput');
  } catch {
    return false;
  }
}

/**
 * One camera at a time: a scanner that is still stopping holds the camera and its element, so the next start waits
 * for it (React mounts, unmounts and mounts again in development; the home's camera stops as the scan screen's
 * starts).
 */
let cameraReleased: Promise<void> = Promise.resolve();

/**
 * Runs html5-qrcode on the element with id `elementId` and calls `onText` with every decoded text (each frame that
 * shows a code), from the moment the screen opens until it closes: results in between do not stop it, so the next
 * person's code is read at once. The element must stay in the page (never `display: none`, which gives it no width)
 * for as long as the camera runs. The decoder is loaded only here, so screens without a camera start without it.
 */
export function useQrCamera(
  elementId: string,
  onText: (text: string) => void,
  wanted: CameraWanted = 'on',
): CameraStatus {
  const [status, setStatus] = useState<CameraStatus>(
    wanted === 'off' ? 'off' : wanted === 'auto' ? 'checking' : 'starting',
  );
  const onTextRef = useRef(onText);
  useEffect(() => {
    onTextRef.current = onText;
  });

  useEffect(() => {
    if (wanted === 'off') return;
    let active = true;
    let stop: () => Promise<void> = async () => {};

    const run = cameraReleased.then(async () => {
      if (!active) return;
      if (!mayAskForCamera()) return setStatus('insecure');
      if (wanted === 'auto' && !(await deviceHasCamera())) {
        if (active) setStatus('none');
        return;
      }
      if (!active) return;
      setStatus('starting');
      const { Html5Qrcode, Html5QrcodeSupportedFormats } = await import('html5-qrcode');
      if (!active) return;
      const scanner = new Html5Qrcode(elementId, {
        verbose: false,
        formatsToSupport: [Html5QrcodeSupportedFormats.QR_CODE],
        useBarCodeDetectorIfSupported: false,
      });
      stop = async () => {
        if (scanner.isScanning) await scanner.stop();
        scanner.clear();
      };
      try {
        await scanner.start(
          { facingMode: 'environment' },
          // A phone screen is never mirrored: skipping the flipped second pass halves the work per frame.
          { fps: FRAMES_PER_SECOND, qrbox: scanBox, disableFlip: true },
          (text) => onTextRef.current(text),
          () => {},
        );
        if (active) setStatus('scanning');
      } catch (error) {
        if (active) setStatus(cameraProblem(error));
      }
    });

    return () => {
      active = false;
      cameraReleased = run.then(() => stop()).catch(() => {});
    };
  }, [elementId, wanted]);

  return status;
}
