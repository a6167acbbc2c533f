import { useEffect, useRef, useState } from 'react';

export type CameraStatus = 'starting' | 'scanning' | 'missing' | 'denied' | 'unavailable';

/** At least 10 a second (the floor): a code shown to the camera is read within about 100 ms. */
const FRAMES_PER_SECOND = 15;

/** The scan box: the middle 70% of the view, a square, as html5-qrcode wants at least 50 px. */
const scanBox = (width: number, height: number) => {
  const side = Math.max(50, Math.floor(Math.min(width, height) * 0.7));
  return { width: side, height: side };
};

/** html5-qrcode rejects with strings like "Error getting userMedia, error = NotFoundError: ...". */
function cameraProblem(error: unknown): CameraStatus {
  const text = String(error instanceof Error ? `${error.name}: ${error.message}` : error);
  if (/NotAllowedError|Permission|SecurityError/i.test(text)) return 'denied';
  if (/NotFoundError|OverconstrainedError|not found|DevicesNotFound/i.test(text)) return 'missing';
  return 'unavailable';
}

/**
 * One camera at a time: a scanner that is still stopping holds the camera and its element, so the next start waits
 * for it (React mounts, unmounts and mounts again in development).
 */
let cameraReleased: Promise<void> = Promise.resolve();

/**
 * Runs html5-qrcode on the element with id `elementId` and calls `onText` with every decoded text (each frame that
 * shows a code). The decoder is loaded only here, so other screens start without it.
 */
export function useQrCamera(elementId: string, onText: (text: string) => void): CameraStatus {
  const [status, setStatus] = useState<CameraStatus>('starting');
  const onTextRef = useRef(onText);
  useEffect(() => {
    onTextRef.current = onText;
  });

  useEffect(() => {
    let active = true;
    let stop: () => Promise<void> = async () => {};

    const run = cameraReleased.then(async () => {
      if (!active) return;
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
  }, [elementId]);

  return status;
}
