import { QrImage } from '../../shared/components/QrImage.tsx';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { useReachableOrigin } from '../api/lan-origin.ts';
import { personName, profileUrl, type Person } from '../api/people.ts';
import { Notice } from '../shell/controls.tsx';

const words = wordsOf(() => t.dashboard.people.qr);

/**
 * A saved person's profile QR code and its address, as a card to print and hand over or pin to a badge; the print
 * stylesheet (people.css) prints the card alone.
 */
export function ProfileQrCard({ person }: { person: Person }) {
  const url = profileUrl(person, useReachableOrigin());
  const name = personName(person) || person.email;
  return (
    <section className="person-qr" aria-labelledby="person-qr-heading">
      <h2 id="person-qr-heading">{words.heading}</h2>
      {!person.profile_public && <Notice tone="info">{words.privateNote}</Notice>}
      <figure className="person-qr-card" data-testid="profile-qr-card">
        <QrImage text={url} alt={words.alt(name)} size={220} />
        <figcaption>
          <strong>{name}</strong>
          <span className="visually-hidden">{words.address}: </span>
          <span className="person-qr-url">{url}</span>
        </figcaption>
      </figure>
      <div className="dactions">
        <button
          type="button"
          className="dbutton"
          aria-describedby="person-qr-print-hint"
          onClick={() => window.print()}
        >
          {words.print}
        </button>
        <p id="person-qr-print-hint" className="dfield-hint">
          {words.printHint}
        </p>
      </div>
    </section>
  );
}
