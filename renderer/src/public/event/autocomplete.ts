import type { RegistrationField } from '../../shared/api/types.ts';

/**
 * What a phone's browser may fill in for a registration field (the HTML autocomplete tokens), so a person taps a
 * suggestion instead of typing their name and address again. Told by the field's type, else by its key as the
 * usual events name it; a question of the event's own (dietary needs, a ticket type) gets `off`, since no saved
 * answer fits it.
 */
const BY_KEY: [RegExp, string][] = [
  [/^(first_?name|given_?name|forename|prenom)$/, 'given-name'],
  [/^(last_?name|family_?name|surname|nom)$/, 'family-name'],
  [/^(full_?name|name)$/, 'name'],
  [/^(company|organi[sz]ation|employer|company_name|societe|entreprise)$/, 'organization'],
  [/^(job_?title|position|title|fonction)$/, 'organization-title'],
  [/^(street|street_address|address|adresse)$/, 'street-address'],
  [/^(city|town|ville)$/, 'address-level2'],
  [/^(postal_?code|post_?code|zip|zip_?code|code_postal)$/, 'postal-code'],
  [/^(country|pays)$/, 'country-name'],
  [/^(birthday|birth_?date|date_of_birth|dob|date_de_naissance)$/, 'bday'],
];

export function autocompleteFor(field: Pick<RegistrationField, 'key' | 'type'>): string {
  if (field.type === 'email') return 'email';
  if (field.type === 'phone') return 'tel';
  const found = BY_KEY.find(([pattern]) => pattern.test(field.key));
  if (!found) return 'off';
  const [, token] = found;
  // A date field takes a birthday only; a text field never does (its value would not be a date).
  if (field.type === 'date') return token === 'bday' ? token : 'off';
  if (token === 'bday' || field.type === 'select') return 'off';
  return token;
}
