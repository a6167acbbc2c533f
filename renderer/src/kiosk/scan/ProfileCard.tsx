import { format, t } from '../../shared/i18n/index.ts';
import type { PublicProfile } from '../api.ts';

const joined = (parts: (string | undefined)[], separator: string) => parts.filter(Boolean).join(separator);

/** The fields a scanned profile shows, and nothing for the ones it keeps to itself. */
export function ProfileCard({ profile }: { profile: PublicProfile }) {
  const name = joined([profile.first_name, profile.last_name], ' ');
  const labels = t.scan.fields;
  const rows: [label: string, value: string, key: string][] = [];
  if (profile.email) rows.push([labels.email, profile.email, 'email']);
  if (profile.phone) rows.push([labels.phone, profile.phone, 'phone']);
  if (profile.birthday) rows.push([labels.birthday, format.calendarDate(profile.birthday), 'birthday']);
  if (profile.employment) {
    const { job_title: title, company } = profile.employment;
    rows.push([labels.employment, joined([title, company], ', '), 'employment']);
  }
  if (profile.address) {
    const { street, city, state, postal_code: postalCode, country } = profile.address;
    rows.push([
      labels.address,
      joined([street, joined([postalCode, city], ' '), state, country], ', '),
      'address',
    ]);
  }

  return (
    <article className="profile-card" data-testid="profile-card" aria-labelledby="profile-name">
      <h2 id="profile-name">{name || t.scan.unnamed}</h2>
      {rows.length > 0 && (
        <dl>
          {rows.map(([label, value, key]) => (
            <div key={key} className="profile-row" data-field={key}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}
