import { useEffect, useLayoutEffect, useRef, useState } from 'react';

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
 * One camera at a time: a scanner that is still stopping holds the camera, so the next start waits for it (React
 * mounts, unmounts and mounts again in development; the home's camera stops as the scan screen's starts).
 */
let cameraReleased: Promise<void> = Promise.resolve();

/** Long enough for any camera that works to show its first picture; one that never does is stopped anyway. */
const FIRST_PICTURE_WAIT_MS = 10_000;

/**
 * Where a closing screen's camera surface goes until its scanner has stopped: in the document, out of sight. Taken
 * out of the document while its `<video>` waits on `play()`, that promise (html5-qrcode's, never handled) rejects
 * with "The play() request was interrupted because the media was removed from the document": an uncaught error on
 * 5 or 6 of ten quick screen changes (issue 39). Stopping it before its picture comes removes the video the same way,
 * so the scanner is stopped only once the picture came.
 */
function parkingLot(): HTMLElement {
  let lot = document.getElementById('camera-parking-lot');
  if (!lot) {
    lot = document.createElement('div');
    lot.id = 'camera-parking-lot';
    lot.setAttribute('aria-hidden', 'true');
    // In the viewport (a video out of it may be paused as unseen), one pixel and transparent.
    lot.style.cssText =
      'position:fixed;top:0;left:0;width:1px;height:1px;overflow:hidden;opacity:0;pointer-events:none';
    document.body.append(lot);
  }
  return lot;
}

/** Resolves once `video` plays (its `play()` settled), fails, or `ms` have passed. */
function firstPicture(video: HTMLVideoElement, ms: number): Promise<void> {
  if (!video.paused && video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      video.removeEventListener('playing', done);
      video.removeEventListener('error', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    video.addEventListener('playing', done);
    video.addEventListener('error', done);
  });
}

let surfaces = 0;

/**
 * Runs html5-qrcode in the element with id `elementId` and calls `onText` with every decoded text (each frame that
 * shows a code), from the moment the screen opens until it closes: results in between do not stop it, so the next
 * person's code is read at once. The element must stay in the page (never `display: none`, which gives it no width)
 * for as long as the camera runs. The scanner draws into a surface of its own inside that element, which outlives the
 * screen in a parking lot until the scanner has stopped. The decoder is loaded only here, so screens without a camera start
 * without it.
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

  // A layout effect: its cleanup runs while React removes the screen, before the element leaves the document, so
  // the surface can be parked first.
  useLayoutEffect(() => {
    if (wanted === 'off') return;
    const host = document.getElementById(elementId);
    if (!host) return;
    const surface = document.createElement('div');
    surfaces += 1;
    surface.id = `${elementId}-surface-${surfaces}`;
    host.append(surface);
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
      const { Html5Qrcode, Html5QrcodeScannerState, Html5QrcodeSupportedFormats } =
        await import('html5-qrcode');
      if (!active) return;
      const scanner = new Html5Qrcode(surface.id, {
        verbose: false,
        formatsToSupport: [Html5QrcodeSupportedFormats.QR_CODE],
        useBarCodeDetectorIfSupported: false,
      });
      stop = async () => {
        const state = scanner.getState();
        if (state !== Html5QrcodeScannerState.SCANNING && state !== Html5QrcodeScannerState.PAUSED) return;
        const video = surface.querySelector('video');
        if (video) await firstPicture(video, FIRST_PICTURE_WAIT_MS);
        await scanner.stop();
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
      // Moved within the document in the same task as React's removal: the video is never taken out of it.
      parkingLot().append(surface);
      cameraReleased = run
        .then(() => stop())
        .catch(() => {})
        .then(() => surface.remove());
    };
  }, [elementId, wanted]);

  return status;
}
