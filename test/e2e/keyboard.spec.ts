import { expect, test } from './support/fixtures.ts';
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
