import { expect, test } from './support/fixtures.ts';
import { EventPage, FRENCH } from './pages/EventPage.ts';
import { DashboardEventEditorPage } from './pages/DashboardEventsPage.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';

/**
 * Field labels per language: the event editor takes a French label beside each English one (and each choice's),
 * and the French kiosk and event page show them, where they showed "First name" and "Visitor" before.
 */

test('French labels typed in the editor reach the French kiosk and the French event page', async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent({
    name: 'Salon du port',
    registration_fields: [
      { key: 'email', label: 'Email', type: 'email', required: true },
      { key: 'first_name', label: 'First name', type: 'text', required: true },
      { key: 'last_name', label: 'Last name', type: 'text', required: true },
      {
        key: 'ticket',
        label: 'Ticket',
        type: 'select',
        required: true,
        options: [
          { value: 'visitor', label: 'Visitor' },
          { value: 'exhibitor', label: 'Exhibitor' },
        ],
      },
    ],
  });
  await server.signIn(page, 'owner');
  const editor = new DashboardEventEditorPage(page);
  await editor.open(event.uuid);
  await editor.fieldControl(1, 'Label in French').fill('Adresse e-mail');
  await editor.fieldControl(2, 'Label in French').fill('Prénom');
  await editor.fieldControl(3, 'Label in French').fill('Nom');
  await editor.fieldControl(4, 'Label in French').fill('Billet');
  await editor.option(4, 1, 'label in French').fill('Visiteur');
  // "Exhibitor" is left without a French label: the French screens show the English one.
  await expectAccessible(page, { touch: false });
  await editor.save.click();
  await expect(editor.notice).toHaveText('“Salon du port” was saved.');
  const stored = server.app.store.repos.events.findByUuid(event.uuid)!;
  expect(stored.registrationFields[1]).toMatchObject({ label: 'First name', label_fr: 'Prénom' });
  expect(stored.registrationFields[3]!.options).toEqual([
    { value: 'visitor', label: 'Visitor', label_fr: 'Visiteur' },
    { value: 'exhibitor', label: 'Exhibitor' },
  ]);

  // The French kiosk's form.
  const kiosk = new KioskHomePage(page);
  await kiosk.open(event.uuid, '?lang=fr');
  await kiosk.action('S’inscrire').click();
  const form = page.getByRole('form', { name: 'Inscription' });
  for (const label of ['Adresse e-mail', 'Prénom', 'Nom', 'Billet']) {
    await expect(form.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(form.getByLabel('Billet', { exact: true }).locator('option')).toHaveText([
    'Choisir…',
    'Visiteur',
    'Exhibitor',
  ]);
  await expect(form.getByText('First name')).toHaveCount(0);
  await expect(form.getByText('Visitor', { exact: true })).toHaveCount(0);

  // The English kiosk keeps the English labels.
  await kiosk.open(event.uuid, '?lang=en');
  await kiosk.action('Register').click();
  await expect(
    page.getByRole('form', { name: 'Register' }).getByLabel('First name', { exact: true }),
  ).toBeVisible();

  // The French event page.
  const eventPage = new EventPage(page, FRENCH);
  await eventPage.open(event.uuid, '?lang=fr');
  await expect(eventPage.field('Prénom')).toBeVisible();
  await expect(eventPage.field('Billet').locator('option')).toHaveText(['Choisir…', 'Visiteur', 'Exhibitor']);
});

test('a new event starts with its usual fields labelled in French too', async ({ page, server }) => {
  await server.signIn(page, 'owner');
  const editor = new DashboardEventEditorPage(page);
  await editor.open();
  await expect(editor.fieldControl(1, 'Label in French')).toHaveValue('Adresse e-mail');
  await expect(editor.fieldControl(2, 'Label in French')).toHaveValue('Prénom');
  await expect(editor.fieldControl(3, 'Label in French')).toHaveValue('Nom');
  await expect(editor.fieldControl(4, 'Label in French')).toHaveValue('Société');
});
