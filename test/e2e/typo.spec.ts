import { CheckInPage } from './pages/CheckInPage.ts';
import { OnScreenKeyboard } from './pages/OnScreenKeyboard.ts';
import { RegistrationPage } from './pages/RegistrationPage.ts';
import { recordTones, TONES } from './support/outcomes.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Issue 33: an email with a typo is not a dead end. "Not registered" shows what was typed in a field to correct in
 * place with a few taps (not the ~25 of typing it again), then offers to find oneself by name, then to register.
 */

const HELENE = {
  email: 'helene.fontaine@nestle.com',
  first_name: 'Hélène',
  last_name: 'Fontaine',
};
const TYPO = 'helene.fontaine@nestel.com';

test('the typo is shown, corrected in place with four taps of the on-screen keyboard, and checks in', async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent();
  await server.register(event, HELENE);
  const tones = await recordTones(page);
  const checkIn = new CheckInPage(page);
  await checkIn.open(event.uuid);
  await checkIn.checkIn(TYPO);

  await expect(checkIn.result.heading).toHaveText('Not registered');
  expect(await checkIn.result.tone).toBe('warning');
  await expect.poll(tones).toEqual(TONES.warning);
  await expect(checkIn.serverMessage).toHaveText('You are not registered for this event.');
  const typed = page.getByRole('textbox', { name: 'The email address you typed' });
  await expect(typed).toHaveValue(TYPO);
  await expect(typed).toHaveAccessibleDescription('Is there a typo? Correct it here and check in again.');
  await expect(page.getByText('No typo? Find yourself by your name, or register now.')).toBeVisible();
  // A "not registered" someone is working on does not go home by itself after a few seconds.
  await expect(checkIn.result.root.locator('.countdown')).toHaveCount(0);
  await expectAccessible();

  // A finger puts the caret after "nestel" (a tap in the text), then: delete, delete, l, e.
  await typed.click();
  const keyboard = new OnScreenKeyboard(page);
  await keyboard.settle();
  await expect(keyboard.root).toHaveAttribute('data-layout', 'email');
  const afterTypo = TYPO.indexOf('.com');
  await typed.evaluate(
    (field, at) =>
      (field as unknown as { setSelectionRange(from: number, to: number): void }).setSelectionRange(at, at),
    afterTypo,
  );
  for (const key of ['{bksp}', '{bksp}', 'l', 'e']) await keyboard.key(key).click();
  await expect(typed).toHaveValue(HELENE.email);
  await expectAccessible();
  await checkIn.result.root.getByRole('button', { name: 'Check in', exact: true }).click();

  await expect(checkIn.result.heading).toHaveText('Welcome, Hélène Fontaine!');
  expect(server.attendee(event, HELENE.email)?.checkedInAt).not.toBeNull();
  expect(server.attendee(event, TYPO)).toBeNull();
});

test('an address corrected and still unknown is a new answer; Register now takes it as it reads, asking to check it', async ({
  page,
  server,
}) => {
  const event = server.createEvent();
  const tones = await recordTones(page);
  const checkIn = new CheckInPage(page);
  await checkIn.open(event.uuid);
  await checkIn.checkIn(TYPO);
  await expect(checkIn.result.heading).toHaveText('Not registered');
  await expect.poll(tones).toEqual(TONES.warning);

  const typed = page.getByRole('textbox', { name: 'The email address you typed' });
  await typed.fill('  ');
  await checkIn.result.root.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(typed).toHaveAccessibleDescription(/Please fill in Email address\.$/);
  await typed.fill('new.person@example.org');
  await checkIn.keyboard.settle();
  await checkIn.result.root.getByRole('button', { name: 'Check in', exact: true }).click();
  // Heard and seen again: this address found nobody either.
  await expect.poll(tones).toEqual(TONES.warning);
  await expect(typed).toHaveValue('new.person@example.org');

  await checkIn.result.button('Register now').click();
  const registration = new RegistrationPage(page);
  await expect(registration.form).toBeVisible();
  await expect(registration.field('Email')).toHaveValue('new.person@example.org');
  await expect(
    page.getByText(
      'We filled in the email address you typed, which found no registration. Please check it before you register.',
    ),
  ).toBeVisible();
});

test('in French: what was typed, the correction and the offers', async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent();
  await server.register(event, HELENE);
  const checkIn = new CheckInPage(page);
  await page.goto(`/kiosk/${event.uuid}/check-in?lang=fr`);
  const form = page.getByRole('form', { name: 'Enregistrement de l’arrivée' });
  await form.getByLabel('Adresse e-mail', { exact: true }).fill(TYPO);
  await checkIn.keyboard.settle();
  await form.getByRole('button', { name: 'Enregistrer mon arrivée' }).click();

  await expect(checkIn.result.heading).toHaveText('Aucune inscription trouvée');
  const typed = page.getByRole('textbox', { name: 'L’adresse e-mail saisie' });
  await expect(typed).toHaveValue(TYPO);
  await expect(typed).toHaveAccessibleDescription(
    'Une faute de frappe\u202f? Corrigez-la ici, puis réessayez.',
  );
  await expect(checkIn.result.root.getByRole('button')).toHaveText([
    'Enregistrer mon arrivée',
    'Me retrouver par mon nom',
    'S’inscrire maintenant',
    'Terminé',
  ]);
  await expectAccessible();
  await typed.fill(HELENE.email);
  await checkIn.result.root.getByRole('button', { name: 'Enregistrer mon arrivée' }).click();
  await expect(checkIn.result.heading).toHaveText('Bienvenue, Hélène Fontaine\u202f!');
});
