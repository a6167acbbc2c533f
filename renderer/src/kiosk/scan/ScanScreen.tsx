import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../shared/api/client.ts';
import { WarningIcon } from '../../shared/components/Icons.tsx';
import { describeFailure } from '../../shared/components/Status.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { t } from '../../shared/i18n/index.ts';
import type { PublicProfile } from '../api.ts';
import { kioskApi } from '../api.ts';
import { Alert } from '../components/Alert.tsx';
import { useKioskSession } from '../shell/session.ts';
import { reportActivity } from '../shell/useIdleReset.ts';
import { answersFromProfile, profileCodeFrom } from './profile-code.ts';
import { ProfileCard } from './ProfileCard.tsx';
import { createRepeatFilter } from './repeat-filter.ts';
import { useKeyboardWedge } from './useKeyboardWedge.ts';
import { useQrCamera, type CameraStatus } from './useQrCamera.ts';

const READER_ID = 'qr-reader';
/** The same code again within this window is the same person still holding it up. */
const REPEAT_WINDOW_MS = 3000;

type ScanState =
  | { kind: 'waiting' }
  | { kind: 'looking' }
  | { kind: 'profile'; profile: PublicProfile }
  | { kind: 'refused'; tone: 'warning' | 'error'; title?: string | undefined; message: string };

const CAMERA_MESSAGES: Partial<Record<CameraStatus, string>> = {
  starting: t.scan.cameraStarting,
  missing: t.scan.cameraMissing,
  denied: t.scan.cameraDenied,
  unavailable: t.scan.cameraUnavailable,
};

function refusal(error: ApiError): ScanState {
  switch (error.status) {
    case 403:
      return { kind: 'refused', tone: 'error', title: t.scan.privateTitle, message: error.message };
    case 404:
      return { kind: 'refused', tone: 'error', title: t.scan.notFoundTitle, message: error.message };
    case 429:
      return { kind: 'refused', tone: 'warning', title: t.scan.waitTitle, message: t.scan.rateLimited };
    default:
      return { kind: 'refused', tone: 'error', message: describeFailure(error) };
  }
}

/** Reads a profile QR code from the camera or a keyboard-wedge scanner and shows the profile. */
export function ScanScreen() {
  const { event, go } = useKioskSession();
  const [state, setState] = useState<ScanState>({ kind: 'waiting' });
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const repeats = useMemo(() => createRepeatFilter(REPEAT_WINDOW_MS), []);
  const lookup = useRef<AbortController | null>(null);

  const onScanned = useCallback(
    (text: string) => {
      const code = profileCodeFrom(text);
      if (!repeats.accept(code ?? text)) return;
      reportActivity();
      lookup.current?.abort();
      if (!code) {
        setState({ kind: 'refused', tone: 'warning', message: t.scan.notAProfile });
        return;
      }
      const controller = new AbortController();
      lookup.current = controller;
      setState({ kind: 'looking' });
      kioskApi.profile(code, controller.signal).then(
        (profile) => setState({ kind: 'profile', profile }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setState(refusal(error instanceof ApiError ? error : new ApiError(0, '')));
        },
      );
    },
    [repeats],
  );
  useEffect(() => () => lookup.current?.abort(), []);

  useKeyboardWedge(onScanned);
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
          {state.kind === 'waiting' && <p className="scan-waiting">{t.scan.waiting}</p>}
          {state.kind === 'looking' && <p className="loading">{t.scan.looking}</p>}
          {state.kind === 'profile' && (
            <>
              <ProfileCard profile={state.profile} />
              {event.is_registration_open && (
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() =>
                    go('register', {
                      answers: answersFromProfile(event.registration_fields, state.profile),
                      fromProfile: true,
                    })
                  }
                >
                  {t.scan.registerWithProfile}
                </button>
              )}
            </>
          )}
          {state.kind === 'refused' && (
            <Alert tone={state.tone} title={state.title} message={state.message} announce={false} />
          )}
        </section>
      </div>
    </div>
  );
}
