import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { describeFailure, Loading } from '../../shared/components/Status.tsx';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { eventsApi, type EventBrand } from '../api/events.ts';
import { FieldError, Notice, useSubmit } from '../shell/controls.tsx';
import { useDashboardLoad } from '../shell/session.tsx';

const words = wordsOf(() => t.dashboard.events.brand);
/** The kiosk's own accent (styles.css, `--brand`), what the colour picker starts from. */
const KIOSK_ACCENT = '#1d4ed8';

/** A file's bytes as base64, the way the logo upload takes them. */
function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * The event's logo and accent colour, each saved on its own (they live beside the event the interface shows).
 * `onBrand` tells the editor, whose badge preview prints the logo.
 */
export function BrandSection({
  eventId,
  onBrand,
}: {
  eventId: string;
  onBrand: (brand: EventBrand) => void;
}) {
  const load = useDashboardLoad(
    (signal) =>
      eventsApi.brand(eventId, signal).then((brand) => {
        onBrand(brand);
        return brand;
      }),
    [eventId],
  );
  return (
    <section className="dsection event-brand" aria-labelledby="event-brand">
      <h2 id="event-brand">{words.heading}</h2>
      <p className="muted">{words.intro}</p>
      {load.status === 'loading' && <Loading />}
      {load.status === 'failed' && <Notice tone="error">{describeFailure(load.error)}</Notice>}
      {load.status === 'ready' && <BrandForms eventId={eventId} loaded={load.data} onBrand={onBrand} />}
    </section>
  );
}

function BrandForms({
  eventId,
  loaded,
  onBrand,
}: {
  eventId: string;
  loaded: EventBrand;
  onBrand: (brand: EventBrand) => void;
}) {
  const id = useId();
  const [brand, setBrand] = useState(loaded);
  const [accent, setAccent] = useState(loaded.accent_color ?? KIOSK_ACCENT);
  const [notice, setNotice] = useState<string | null>(null);
  const accentSubmit = useSubmit();
  const logoSubmit = useSubmit();

  const saved = (next: EventBrand | undefined, message: string) => {
    if (!next) return;
    setBrand(next);
    onBrand(next);
    setNotice(message);
  };
  const saveAccent = async (formEvent: FormEvent, color: string | null) => {
    formEvent.preventDefault();
    setNotice(null);
    const next = await accentSubmit.run(() => eventsApi.setAccent(eventId, color));
    if (next) setAccent(next.accent_color ?? KIOSK_ACCENT);
    saved(next, color === null ? words.accentReset : words.accentSaved);
  };
  const uploadLogo = async (change: ChangeEvent<HTMLInputElement>) => {
    const file = change.target.files?.[0];
    change.target.value = '';
    if (!file) return;
    setNotice(null);
    saved(
      await logoSubmit.run(async () => eventsApi.uploadLogo(eventId, await readAsBase64(file))),
      words.logoSaved,
    );
  };
  const removeLogo = async () => {
    setNotice(null);
    saved(await logoSubmit.run(() => eventsApi.removeLogo(eventId)), words.logoRemoved);
  };

  const accentError = accentSubmit.error('accent_color');
  const logoError = logoSubmit.error('image');
  return (
    <>
      <form className="event-brand-accent" noValidate onSubmit={(e) => void saveAccent(e, accent)}>
        <div className={`dfield${accentError ? ' dfield--invalid' : ''}`}>
          <label htmlFor={`${id}-accent`}>{words.accent}</label>
          <input
            id={`${id}-accent`}
            type="color"
            value={accent}
            aria-describedby={`${id}-accent-hint${accentError ? ` ${id}-accent-error` : ''}`}
            aria-invalid={accentError ? true : undefined}
            onChange={(e) => setAccent(e.target.value)}
          />
          <p id={`${id}-accent-hint`} className="dfield-hint">
            {words.accentHint}
          </p>
          <FieldError id={`${id}-accent-error`} message={accentError} />
        </div>
        <div className="dactions">
          <button type="submit" className="dbutton" aria-disabled={accentSubmit.busy || undefined}>
            {words.saveAccent}
          </button>
          {brand.accent_color && (
            <button type="button" className="dbutton" onClick={(e) => void saveAccent(e, null)}>
              {words.resetAccent}
            </button>
          )}
        </div>
      </form>
      <div className="event-brand-logo">
        <div className={`dfield${logoError ? ' dfield--invalid' : ''}`}>
          <label htmlFor={`${id}-logo`}>{words.logo}</label>
          <input
            id={`${id}-logo`}
            type="file"
            accept="image/png,image/jpeg"
            aria-describedby={`${id}-logo-hint${logoError ? ` ${id}-logo-error` : ''}`}
            aria-invalid={logoError ? true : undefined}
            onChange={(e) => void uploadLogo(e)}
          />
          <p id={`${id}-logo-hint`} className="dfield-hint">
            {words.logoHint}
          </p>
          <FieldError id={`${id}-logo-error`} message={logoError} />
        </div>
        {brand.logo_url ? (
          <div className="dactions">
            <img
              className="event-brand-logo-image"
              src={brand.logo_url}
              alt={words.logoAlt}
              data-testid="brand-logo"
            />
            <button type="button" className="dbutton" onClick={() => void removeLogo()}>
              {words.removeLogo}
            </button>
          </div>
        ) : (
          <p className="muted">{words.noLogo}</p>
        )}
      </div>
      {notice && <Notice tone="success">{notice}</Notice>}
      {(accentSubmit.failure ?? logoSubmit.failure) && (
        <Notice tone="error">{accentSubmit.failure ?? logoSubmit.failure}</Notice>
      )}
    </>
  );
}
