import { expect, test } from './support/fixtures.ts';
import { CheckInPage } from './pages/CheckInPage.ts';
import { OnScreenKeyboard } from './pages/OnScreenKeyboard.ts';
import type { Page } from '@playwright/test';

const HELENE = {
  email: 'helene.fontaine@nestle.com',
  first_name: 'Hélène',
  last_name: 'Fontaine',
  company: 'Nestlé',
};
const JEAN = { email: 'jean@fontaine-conseil.fr', first_name: 'Jean', last_name: 'Fontaine' };
/** Other companies' people: the domains a company address hides among (server/attendees/find-by-name.rules.ts). */
const OTHERS = [
  { email: 'ana@acme.io', first_name: 'Ana', last_name: 'Alvarez' },
  { email: 'li@initech.com', first_name: 'Li', last_name: 'Wei' },
  { email: 'sam@globex.fr', first_name: 'Sam', last_name: 'Stone' },
];
/** Long enough that no result screen goes home by itself during a step. */
const SLOW = '?idle=600&result=600';
const NNBSP = '\u202f';

/** The search and confirm screens, by the names they have in `words`' language. */
function findScreens(page: Page, words: { form: string; field: string }) {
  const form = page.getByRole('form', { name: words.form });
  return {
    form,
    field: form.getByLabel(words.field, { exact: true }),
    matches: page.getByTestId('name-matches').getByRole('button'),
  };
}

test('a typo, not registered, found by name with the on-screen keyboard, confirmed by the email domain: checked in, axe-clean', async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent();
  await server.register(event, HELENE);
  await server.register(event, JEAN);
  for (const other of OTHERS) await server.register(event, other);
  const checkIn = new CheckInPage(page);
  await checkIn.open(event.uuid, SLOW);
  await checkIn.checkIn('helene.fontaine@nestel.com');

  await expect(checkIn.result.heading).toHaveText('Not registered');
  expect(await checkIn.result.tone).toBe('warning');
  // Correcting the address comes first, then finding oneself by name, then registering (which would file a typo).
  await expect(checkIn.result.root.getByRole('button')).toHaveText([
    'Check in',
    'Find me by name',
    'Register now',
    'Done',
  ]);
  await expectAccessible();
  await checkIn.result.button('Find me by name').click();

  const find = findScreens(page, { form: 'Find me by name', field: 'Last name' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find me by name');
  await find.field.click();
  const keyboard = new OnScreenKeyboard(page);
  await keyboard.settle();
  await keyboard.type('Fontaine');
  await expect(find.field).toHaveValue('Fontaine');
  await expectAccessible();
  await find.form.getByRole('button', { name: 'Search' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Is one of these you?');
  await expect(find.matches).toHaveText(['Hélène F.Email h•••@•••', 'Jean F.Email j•••@•••']);
  await expect(page.getByText('nestle.com')).toHaveCount(0);
  await expectAccessible();
  await find.matches.first().click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Which is your email address?');
  await expect(page.getByText('To check in as Hélène F., choose how your email address ends.')).toBeVisible();
  const domains = page.getByRole('group', { name: 'How your email address ends' }).getByRole('button');
  await expect(domains).toHaveCount(4);
  await expect(domains.filter({ hasText: '…@nestle.com' })).toHaveCount(1);
  await expectAccessible();
  await domains.filter({ hasText: '…@nestle.com' }).click();

  await expect(checkIn.result.heading).toHaveText('Welcome, Hélène Fontaine!');
  expect(await checkIn.result.tone).toBe('success');
  await expect(page.getByTestId('checked-in-at')).toHaveText('Checked in at 10:00 AM.');
  await expect(checkIn.result.button('Print my badge')).toBeVisible();
  await expectAccessible();
  expect(server.attendee(event, HELENE.email)?.checkedInAt).toBe('2026-11-21T10:00:00+00:00');
  // No second registration under the mistyped address.
  expect(server.attendee(event, 'helene.fontaine@nestel.com')).toBeNull();
});

test('in French: the offer, the search and a wrong domain sent to staff in French', async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent();
  await server.register(event, HELENE);
  for (const other of OTHERS) await server.register(event, other);
  const checkIn = new CheckInPage(page);
  await page.goto(`/kiosk/${event.uuid}/check-in?lang=fr&idle=600&result=600`);
  const form = page.getByRole('form', { name: 'Enregistrement de l’arrivée' });
  await form.getByLabel('Adresse e-mail', { exact: true }).fill('helene@nestle.co');
  await checkIn.keyboard.settle();
  await form.getByRole('button', { name: 'Enregistrer mon arrivée' }).click();

  await expect(checkIn.result.heading).toHaveText('Aucune inscription trouvée');
  await checkIn.result.button('Me retrouver par mon nom').click();
  const find = findScreens(page, { form: 'Retrouver mon inscription', field: 'Nom de famille' });
  await find.field.fill('fontaine');
  await find.form.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Êtes-vous l’une de ces personnes${NNBSP}?`,
  );
  await expect(find.matches).toHaveText(['Hélène F.Adresse e-mail h•••@•••']);
  await find.matches.first().click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Quelle est votre adresse e-mail${NNBSP}?`,
  );
  await expectAccessible();
  const domains = page.getByRole('group', { name: 'Fin de votre adresse e-mail' }).getByRole('button');
  await domains.filter({ hasNotText: '…@nestle.com' }).first().click();

  await expect(checkIn.result.heading).toHaveText('L’enregistrement n’est pas possible ici');
  await expect(checkIn.serverMessage).toHaveText(
    'Cette adresse e-mail ne correspond pas à cette inscription. Veuillez vous adresser à l’équipe de l’événement.',
  );
  expect(await checkIn.result.tone).toBe('error');
  expect(server.attendee(event, HELENE.email)?.checkedInAt).toBeNull();
});

test('a company address too few others could hide is sent to staff, asking no domain, in English and French', async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent();
  await server.register(event, HELENE);
  const checkIn = new CheckInPage(page);
  for (const words of [
    {
      lang: 'en',
      checkIn: 'Check in',
      email: 'Email address',
      submit: 'Check in',
      offer: 'Find me by name',
      form: 'Find me by name',
      field: 'Last name',
      search: 'Search',
      text: 'Hélène F. cannot be confirmed at this kiosk: its email address would be too easy to guess. Please see event staff.',
    },
    {
      lang: 'fr',
      checkIn: 'Enregistrement de l’arrivée',
      email: 'Adresse e-mail',
      submit: 'Enregistrer mon arrivée',
      offer: 'Me retrouver par mon nom',
      form: 'Retrouver mon inscription',
      field: 'Nom de famille',
      search: 'Rechercher',
      text: 'L’inscription de Hélène F. ne peut pas être confirmée sur cette borne\u202f: son adresse e-mail serait trop facile à deviner. Veuillez vous adresser à l’équipe de l’événement.',
    },
  ]) {
    await page.goto(`/kiosk/${event.uuid}/check-in?lang=${words.lang}&idle=600&result=600`);
    const form = page.getByRole('form', { name: words.checkIn });
    await form.getByLabel(words.email, { exact: true }).fill('helene@nestle.co');
    await checkIn.keyboard.settle();
    await form.getByRole('button', { name: words.submit }).click();
    await checkIn.result.button(words.offer).click();
    const find = findScreens(page, words);
    await find.field.fill('fontaine');
    await find.form.getByRole('button', { name: words.search }).click();
    await find.matches.first().click();
    await expect(page.getByTestId('find-staff-only')).toHaveText(words.text);
    await expect(page.getByRole('button', { name: /…@/ })).toHaveCount(0);
    await expectAccessible();
  }
  expect(server.attendee(event, HELENE.email)?.checkedInAt).toBeNull();
});
