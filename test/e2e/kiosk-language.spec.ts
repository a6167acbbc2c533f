import type { RegistrationField } from '../../server/contract/vocabulary.ts';
import { expect, test } from './support/fixtures.ts';
import { pauseClock } from './support/clock.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';
import { OnScreenKeyboard } from './pages/OnScreenKeyboard.ts';
import { ResultPanel } from './pages/ResultPanel.ts';
import type { Page } from '@playwright/test';

/**
 * The kiosk in French: chosen by `?lang=fr` or on the home screen, every screen in French, the server's English
 * refusals shown in French, times as French writes them; back to the kiosk's default language for the next person.
 * The browser is English (en-US) and in UTC, like the server's clock (2026-11-21 10:00 UTC).
 */

/** An organizer's French form: the labels are the event's own. */
const CHAMPS: RegistrationField[] = [
  { key: 'email', label: 'Adresse e-mail', type: 'email', required: true },
  { key: 'first_name', label: 'Prénom', type: 'text', required: true },
  { key: 'last_name', label: 'Nom', type: 'text', required: true },
  {
    key: 'ticket_type',
    label: 'Type de billet',
    type: 'select',
    required: true,
    options: [
      { value: 'general', label: 'Entrée générale' },
      { value: 'press', label: 'Presse' },
    ],
  },
];

const NNBSP = '\u202f';

/** The French kiosk's registration form, by its French names. */
function formulaire(page: Page) {
  const form = page.getByRole('form', { name: 'Inscription' });
  return {
    form,
    keyboard: new OnScreenKeyboard(page, 'Clavier à l’écran'),
    field: (label: string) => form.getByLabel(label, { exact: true }),
    async fill(answers: Record<string, string>) {
      for (const [label, value] of Object.entries(answers)) {
        const field = form.getByLabel(label, { exact: true });
        if ((await field.evaluate((element) => element.tagName)) === 'SELECT')
          await field.selectOption(value);
        else await field.fill(value);
      }
    },
    async submit(name: string) {
      await this.keyboard.settle();
      await form.getByRole('button', { name }).click();
    },
  };
}

/** Long idle and result times: a screen stays while axe reads it, however slow the machine. */
const FR = '?lang=fr&idle=600&result=600';

test('?lang=fr: home, registration and its result in French, with French times, axe-clean', async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent({ name: 'Soirée de lancement', registration_fields: CHAMPS });
  const home = new KioskHomePage(page);
  await home.open(event.uuid, FR);

  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(home.heading).toHaveText('Soirée de lancement');
  await expect(page.getByRole('navigation', { name: `Que souhaitez-vous faire${NNBSP}?` })).toBeVisible();
  await expect(home.actions).toHaveText([/^S’inscrire/, /^Enregistrer mon arrivée/, /^Scanner mon code/]);
  await expect(home.language('Français')).toHaveAttribute('aria-pressed', 'true');
  await expect(home.language('English')).toHaveAttribute('aria-pressed', 'false');
  await expectAccessible();

  await home.action('S’inscrire').click();
  const registration = formulaire(page);
  await expect(registration.form).toBeVisible();
  await expect(page.getByText('Les champs marqués d’un * sont obligatoires.')).toBeVisible();
  await expect(registration.field('Type de billet').locator('option').first()).toHaveText('Choisir…');
  // The form's own hints, before anything is sent.
  await registration.submit('S’inscrire et enregistrer mon arrivée');
  await expect(page.getByRole('alert')).toHaveText('Veuillez corriger les champs signalés ci-dessous.');
  await expect(registration.field('Prénom')).toHaveAccessibleDescription(
    `Veuillez renseigner le champ «${NNBSP}Prénom${NNBSP}».`,
  );
  await expectAccessible();

  await registration.fill({
    'Adresse e-mail': 'francois@example.fr',
    Prénom: 'François',
    Nom: 'Lefèvre',
    'Type de billet': 'press',
  });
  await registration.submit('S’inscrire et enregistrer mon arrivée');

  const result = new ResultPanel(page);
  await expect(result.heading).toHaveText(`Bienvenue, François Lefèvre${NNBSP}!`);
  await expect(page.getByTestId('checked-in-at')).toHaveText('Arrivée enregistrée à 10:00.');
  await expect(result.button('Imprimer mon badge')).toBeVisible();
  // Checked in already: no code to scan at the door left on the kiosk's screen.
  await expect(result.root.locator('[data-qr-text]')).toHaveCount(0);
  await expect(result.root).toContainText(`Retour à l’écran d’accueil dans 600\u00a0s.`);
  expect(server.attendee(event, 'francois@example.fr')).toMatchObject({
    status: 'confirmed',
    checkedInAt: '2026-11-21T10:00:00+00:00',
  });
  await expectAccessible();
});

test('the server’s English refusals are shown in French: already registered, already checked in, a field, scanned codes', async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent({ registration_fields: CHAMPS });
  await server.register(event, {
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    ticket_type: 'general',
  });
  const home = new KioskHomePage(page);
  await home.open(event.uuid, FR);
  await home.action('S’inscrire').click();
  const registration = formulaire(page);
  await registration.fill({
    'Adresse e-mail': 'ada@example.com',
    Prénom: 'Ada',
    Nom: 'Lovelace',
    'Type de billet': 'general',
  });
  await registration.submit('S’inscrire et enregistrer mon arrivée');

  // 409 "You are already registered for this event."
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Vous avez déjà une inscription');
  await expect(alert).toContainText('Une inscription à cet événement existe déjà avec cette adresse e-mail.');
  await expect(alert).not.toContainText('already');
  await expectAccessible();

  await alert.getByRole('button', { name: 'Enregistrer mon arrivée' }).click();
  const checkIn = page.getByRole('form', { name: 'Enregistrement de l’arrivée' });
  await expect(checkIn.getByLabel('Adresse e-mail', { exact: true })).toHaveValue('ada@example.com');
  await checkIn.getByRole('button', { name: 'Enregistrer mon arrivée' }).click();
  const result = new ResultPanel(page);
  await expect(result.heading).toHaveText(`Bienvenue, Ada Lovelace${NNBSP}!`);

  // 409 "You have already checked in at Nov 21, 2026 10:00 AM.", its time as French writes it.
  await result.button('Terminé').click();
  await home.action('Enregistrer mon arrivée').click();
  await checkIn.getByLabel('Adresse e-mail', { exact: true }).fill('ada@example.com');
  await new OnScreenKeyboard(page, 'Clavier à l’écran').settle();
  await checkIn.getByRole('button', { name: 'Enregistrer mon arrivée' }).click();
  await expect(result.heading).toHaveText('Arrivée déjà enregistrée');
  await expect(result.root.getByTestId('server-message')).toHaveText(
    'Votre arrivée a déjà été enregistrée le 21 novembre 2026 à 10:00.',
  );
  expect(await result.tone).toBe('already');
  await expectAccessible();

  // 422 under a field: staff withdrew the option while the form was open; the server refuses it.
  await result.button('Terminé').click();
  await home.action('S’inscrire').click();
  await registration.fill({
    'Adresse e-mail': 'grace@example.com',
    Prénom: 'Grace',
    Nom: 'Hopper',
    'Type de billet': 'press',
  });
  server.updateEvent(event, {
    registration_fields: CHAMPS.map((field) =>
      field.options ? { ...field, options: field.options.filter((o) => o.value !== 'press') } : field,
    ),
  });
  await registration.submit('S’inscrire et enregistrer mon arrivée');
  await expect(registration.field('Type de billet')).toHaveAccessibleDescription(
    `Veuillez choisir l’une des options du champ «${NNBSP}Type de billet${NNBSP}».`,
  );
  await expect(page.getByRole('alert')).toHaveText('Veuillez corriger les champs signalés ci-dessous.');
  expect(server.attendee(event, 'grace@example.com')).toBeNull();

  // Codes scanned at the home: a private profile (403), then a code of nobody registered here (404).
  await page.getByRole('button', { name: 'Retour' }).click();
  const alan = server.createUser({ firstName: 'Alan', profilePublic: false });
  await home.scanWithWedge(alan.profileCode);
  await expect(page.getByRole('region', { name: 'Votre code scanné' })).toContainText('Ce profil est privé.');
  await home.scanWithWedge('NoSuchCode123');
  await expect(result.heading).toHaveText('Aucune inscription trouvée');
  await expect(result.root.getByTestId('server-message')).toHaveText(
    'Nous ne trouvons pas votre inscription à cet événement.',
  );
});

test('the home’s language switch: French at one press, kept through a reload and Back, English again at the idle reset', async ({
  page,
  server,
  expectAccessible,
}) => {
  const IDLE_MS = 600_000;
  await page.clock.install();
  const event = server.createEvent();
  const home = new KioskHomePage(page);
  await home.open(event.uuid, `?idle=${IDLE_MS / 1000}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(home.action('Register')).toBeVisible();

  await home.language('Français').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(home.language('Français')).toHaveAttribute('aria-pressed', 'true');
  // The home starts afresh in French: its heading takes focus, so a screen reader reads the page in French.
  await expect(home.heading).toBeFocused();
  await expect(home.actions.first()).toHaveText(/^S’inscrire/);
  await expectAccessible();

  // The same visit: a reload (the kiosk recovering from an error page) and Back keep the person's language.
  await page.reload();
  await expect(home.actions.first()).toHaveText(/^S’inscrire/);
  await home.actions.first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inscription');
  await page.getByRole('button', { name: 'Retour' }).click();
  await expect(home.actions.first()).toHaveText(/^S’inscrire/);

  // Nobody touches the kiosk for the idle time: the next person is greeted in the kiosk's default language.
  await pauseClock(page);
  await page.clock.fastForward(IDLE_MS);
  await expect(home.action('Register')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(home.language('English')).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(home.action('Register')).toBeVisible();
});

test.describe('on a browser set to French', () => {
  test.use({ locale: 'fr-FR' });

  // Issue 39: the dashboard speaks French too (it was English only): a French browser gets it in French, and the
  // language its staff choose there is kept on the device, apart from the kiosk's.
  test('the kiosk speaks French, and so does the staff dashboard, until staff choose English', async ({
    page,
    server,
  }) => {
    const event = server.createEvent();
    const home = new KioskHomePage(page);
    await home.open(event.uuid);
    await expect(home.actions.first()).toHaveText(/^S’inscrire/);
    // ?lang= is the operator's: it wins over the browser's language.
    await home.open(event.uuid, '?lang=en');
    await expect(home.action('Register')).toBeVisible();

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choisissez l’événement de cette borne');
    await page.getByRole('link', { name: /^Tableau de bord de l’équipe/ }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configurer Arrivals');
    await page.getByRole('group', { name: 'Langue' }).getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up Arrivals');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up Arrivals');
    // The kiosk keeps its own language.
    await home.open(event.uuid);
    await expect(home.actions.first()).toHaveText(/^S’inscrire/);
  });
});
