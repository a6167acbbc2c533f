import { expect, test } from './support/fixtures.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';
import { OnScreenKeyboard } from './pages/OnScreenKeyboard.ts';
import { RegistrationPage } from './pages/RegistrationPage.ts';

test('the keyboard types accented names: "François Lefèvre", "Émile Œhmichen"', async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent();
  const registration = new RegistrationPage(page);
  const { keyboard } = registration;
  await registration.open(event.uuid);

  await registration.field('First name').click();
  await keyboard.type('Fran');
  await keyboard.key('{accents}').click();
  await expect(keyboard.key('ç')).toBeVisible();
  await expectAccessible();
  await keyboard.key('ç').click();
  // Back to letters for the rest.
  await keyboard.key('{abc}').click();
  await keyboard.type('ois');
  await expect(registration.field('First name')).toHaveValue('François');

  await registration.field('Last name').click();
  await keyboard.type('Lef');
  await keyboard.key('{accents}').click();
  await keyboard.key('è').click();
  await keyboard.key('{abc}').click();
  await keyboard.type('vre');
  await expect(registration.field('Last name')).toHaveValue('Lefèvre');

  // Capitals on the accents layer: Shift, once.
  await keyboard.key('{bksp}').click();
  await keyboard.key('{accents}').click();
  await keyboard.key('{shift}').click();
  await keyboard.key('É').click();
  await keyboard.key('œ').click();
  await expect(registration.field('Last name')).toHaveValue('LefèvrÉœ');
  for (const letter of [
    'é',
    'è',
    'ê',
    'ë',
    'à',
    'â',
    'ä',
    'ç',
    'î',
    'ï',
    'ô',
    'ö',
    'ù',
    'û',
    'ü',
    'ÿ',
    'ñ',
    'ß',
    'æ',
  ]) {
    await expect(keyboard.key(letter)).toBeVisible();
  }
});

test('the email layout has a wide @ and domain keys', async ({ page, server }) => {
  const event = server.createEvent();
  const registration = new RegistrationPage(page);
  const { keyboard } = registration;
  await registration.open(event.uuid);

  await registration.field('Email').click();
  await expect(keyboard.root).toHaveAttribute('data-layout', 'email');
  await keyboard.type('ada');
  await keyboard.key('@').click();
  await keyboard.key('gmail.com').click();
  await expect(registration.field('Email')).toHaveValue('ada@gmail.com');
  for (const domain of ['.com', '.org', '.fr', '.de']) await expect(keyboard.key(domain)).toBeVisible();

  const at = (await keyboard.key('@').boundingBox())!;
  const letter = (await keyboard.key('q').boundingBox())!;
  expect(at.width).toBeGreaterThan(letter.width * 2);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
]) {
  test(`the keyboard never covers the field being typed in, the first time after a load included (${viewport.width}x${viewport.height})`, async ({
    page,
    server,
  }) => {
    await page.setViewportSize(viewport);
    const event = server.createEvent();
    const registration = new RegistrationPage(page);
    const { keyboard } = registration;
    await registration.open(event.uuid);

    // The lowest field, tapped at once: the keyboard's keys are not loaded yet.
    const field = registration.field('Last name');
    await field.click();
    await keyboard.settle();
    await expect
      .poll(async () => {
        const board = (await keyboard.root.boundingBox())!;
        const box = (await field.boundingBox())!;
        return box.y >= 0 && box.y + box.height <= board.y;
      })
      .toBe(true);
    await keyboard.type('lovelace');
    await expect(field).toHaveValue('lovelace');
  });
}

/** The keys of each row of letters the keyboard shows now (the digits' row first), by what they type. */
async function letterRows(keyboard: RegistrationPage['keyboard']): Promise<string[]> {
  const rows = keyboard.root.locator('.hg-row');
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((elements) =>
    elements.map((row) =>
      [...row.querySelectorAll('[data-skbtn]')].map((key) => key.getAttribute('data-skbtn')).join(' '),
    ),
  );
}

test.describe('AZERTY and QWERTY', () => {
  test('a French kiosk types on AZERTY, letters and email alike; an English one on QWERTY', async ({
    page,
    server,
    expectAccessible,
  }) => {
    const event = server.createEvent();
    const registration = new RegistrationPage(page);
    const keyboard = new OnScreenKeyboard(page, 'Clavier à l’écran');
    await page.goto(`/kiosk/${event.uuid}/register?lang=fr`);
    await registration.page.getByLabel('Prénom', { exact: true }).click();

    await expect(keyboard.root).toHaveAttribute('data-letters', 'azerty');
    const rows = await letterRows(keyboard);
    expect(rows.slice(1, 4)).toEqual([
      'a z e r t y u i o p',
      'q s d f g h j k l m -',
      "{shift} w x c v b n ' , . {enter}",
    ]);
    await keyboard.type('azerty');
    await expect(page.getByLabel('Prénom', { exact: true })).toHaveValue('azerty');
    await expectAccessible();

    await page.getByLabel('E-mail', { exact: true }).click();
    await expect(keyboard.root).toHaveAttribute('data-layout', 'email');
    expect((await letterRows(keyboard)).slice(1, 4)).toEqual([
      'a z e r t y u i o p',
      'q s d f g h j k l m',
      'w x c v b n _ - + .',
    ]);

    await page.goto(`/kiosk/${event.uuid}/register?lang=en`);
    await registration.field('First name').click();
    const english = new OnScreenKeyboard(page);
    await expect(english.root).toHaveAttribute('data-letters', 'qwerty');
    expect((await letterRows(english)).slice(1, 3)).toEqual(['q w e r t y u i o p', "a s d f g h j k l ' -"]);
  });

  test('?keyboard=qwerty or azerty sets the letters whatever the language; the switch on the home follows the language', async ({
    page,
    server,
  }) => {
    const event = server.createEvent();
    const registration = new RegistrationPage(page);
    await page.goto(`/kiosk/${event.uuid}/register?lang=fr&keyboard=qwerty`);
    await page.getByLabel('Prénom', { exact: true }).click();
    await expect(new OnScreenKeyboard(page, 'Clavier à l’écran').root).toHaveAttribute(
      'data-letters',
      'qwerty',
    );

    await page.goto(`/kiosk/${event.uuid}/register?lang=en&keyboard=azerty`);
    await registration.field('First name').click();
    await expect(registration.keyboard.root).toHaveAttribute('data-letters', 'azerty');

    // No setting: an English kiosk switched to French on its home types on AZERTY.
    const home = new KioskHomePage(page);
    await home.open(event.uuid, '?lang=en');
    await home.language('Français').click();
    await home.action('S’inscrire').click();
    await page.getByLabel('Prénom', { exact: true }).click();
    await expect(new OnScreenKeyboard(page, 'Clavier à l’écran').root).toHaveAttribute(
      'data-letters',
      'azerty',
    );
  });
});
