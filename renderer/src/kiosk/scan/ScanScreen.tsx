import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { t } from '../../shared/i18n/index.ts';
import { ScanStatus } from './ScanOutcome.tsx';
import { ScanStation, useScanStation } from './ScanStation.tsx';
import type { ScanState } from './useCodeCheckIn.ts';

/**
 * Reads a check-in code or a profile QR code from the camera or a keyboard-wedge scanner and checks the person in
 * at once; a profile of someone not registered is shown, to register with. The camera is asked for here whatever
 * the home's setting, and says why when it cannot run.
 */
export function ScanScreen() {
  const station = useScanStation('on');
  return (
    <ScanStation
      station={station}
      className="scan"
      before={<ScanHeading />}
      after={<ScanFound state={station.state} />}
    />
  );
}

function ScanHeading() {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="scan-head">
      <h1 ref={heading} tabIndex={-1}>
        {t.scan.title}
      </h1>
      <p className="lead">
        {t.scan.intro} {t.scan.scannerHint}
      </p>
    </div>
  );
}

function ScanFound({ state }: { state: ScanState }) {
  return (
    <section className="scan-result" aria-live="polite" aria-busy={state.kind === 'looking'}>
      {state.kind === 'waiting' ? (
        <p className="scan-waiting">{t.scan.waiting}</p>
      ) : (
        <ScanStatus state={state} />
      )}
    </section>
  );
}
