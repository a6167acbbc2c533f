import { expect, test } from './support/fixtures.ts';
import { expectFitsScreen } from './support/fits-screen.ts';
import { fr } from '../../renderer/src/shared/i18n/fr.ts';
// The catalogues' `dashboard`, as the dashboard's script installs it.
import '../../renderer/src/dashboard/words.ts';
import { DeskImportPage } from './pages/DeskImportPage.ts';
import { DeskPage } from './pages/DeskPage.ts';

interface Person {
  email: string;
  first: string;
  last: string;
  company: string;
}

const people = (count: number): Person[] =>
  Array.from({ length: count }, (_, i) => ({
    email: `guest${i + 1}@example.com`,
    first: `Guest`,
    last: `Number ${i + 1}`,
    // Quoted fields with commas, quotes and a line break: what spreadsheets write.
    company: i % 2 === 0 ? 'Acme, Inc.' : i % 3 === 0 ? 'The "Best" Co.' : '',
  }));

const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** A spreadsheet's CSV: byte order mark, CRLF line ends, the header on row 1. */
function csvFile(rows: Person[], header = ['Email', 'First name', 'Last name', 'Company']): string {
  const lines = [header, ...rows.map((p) => [p.email, p.first, p.last, p.company])];
  return `\uFEFF${lines.map((line) => line.map(quote).join(',')).join('\r\n')}\r\n`;
}

test('a file of 1,000 rows with 3 bad ones: the 3 are found before importing, by row, nothing is imported until fixed', async ({
  page,
  server,
}) => {
  const event = server.createEvent();
  await server.signIn(page, 'owner');
  const importer = new DeskImportPage(page);
  await importer.open(event.uuid);

  const rows = people(1000);
  const fixed = rows.map((row) => ({ ...row }));
  // Data row i is on file row i + 2 (the header is row 1).
  rows[9]!.email = 'not-an-email';
  rows[499]!.last = '';
  rows[998]!.email = rows[0]!.email;
  await importer.choose('guests.csv', csvFile(rows));

  await expect(page.getByText('guests.csv: 1,000 rows.')).toBeVisible();
  await expect(importer.stage).toHaveText('Step 2 of 3: Choosing the columns');
  await expect(importer.column('Email')).toHaveValue('email');
  await expect(importer.column('Company')).toHaveValue('company');
  await expect(importer.preview.getByRole('row')).toHaveCount(6);
  await expect(importer.preview.getByRole('row').nth(1)).toHaveText(
    '2guest1@example.comGuestNumber 1Acme, Inc.',
  );

  // Issue 39: the server checks every row before anything is sent, and the button says what it will do.
  await expect(importer.checked).toHaveText('Of 1,000 rows, 997 can be imported and 3 have problems.');
  expect(await importer.checkLines()).toEqual([
    ['11', 'Email', 'The email field must be a valid email address.'],
    ['501', 'Last name', 'The last name field is required.'],
    ['1000', 'Email', 'The email has already been taken.'],
  ]);
  await expect(importer.button).toHaveText('Fix 3 rows first');
  await expect(importer.button).toHaveAttribute('aria-disabled', 'true');
  await importer.button.click({ force: true });
  expect(server.app.store.repos.attendees.countsByStatus(event.id)).toEqual([]);
  await expect(importer.stage).toHaveText('Step 2 of 3: Choosing the columns');

  await importer.choose('guests.csv', csvFile(fixed));
  await expect(importer.checked).toHaveText('All 1,000 rows can be imported.');
  await expect(importer.check).toHaveCount(0);
  await expect(importer.report).toHaveCount(0);
  await importer.submit.click();
  await expect(page.getByText('Imported 1,000 attendees.')).toBeFocused();
  await expect(importer.stage).toHaveText('Done');
  await expect(importer.progress).toHaveAttribute('value', '3');
  const counts = server.app.store.repos.attendees.countsByStatus(event.id);
  expect(counts).toEqual([{ status: 'confirmed', total: 1000, checked_in: 0 }]);
  expect(server.attendee(event, 'guest2@example.com')?.answers).toEqual({
    email: 'guest2@example.com',
    first_name: 'Guest',
    last_name: 'Number 2',
  });
  expect(server.attendee(event, 'guest4@example.com')?.answers.company).toBe('The "Best" Co.');

  await page.getByRole('main').getByRole('link', { name: 'Back to the desk' }).last().click();
  const desk = new DeskPage(page);
  await expect(desk.showing).toHaveText('Showing 1–50 of 1,000 attendees.');
});

test('columns the file names its own way are mapped by hand; a required field left out is named', async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent();
  await server.signIn(page, 'owner');
  const importer = new DeskImportPage(page);
  await importer.open(event.uuid);
  await expectAccessible(page, { touch: false });

  // Semicolons, as Excel writes in many countries, and headers of its own that no usual name matches.
  const text = 'E-mail;Known as;Family line;Notes\nada@example.com;Ada;Lovelace;likes engines\n\n';
  await importer.choose('from-excel.csv', text);
  await expect(page.getByText('from-excel.csv: 1 row.')).toBeVisible();
  await expect(importer.column('E-mail')).toHaveValue('email');
  await expect(importer.column('Notes')).toHaveValue('');
  await expect(page.getByRole('alert')).toHaveText('Choose a column for: First name, Last name.');

  await importer.column('Known as').selectOption({ label: 'First name (first_name)' });
  await importer.column('Family line').selectOption({ label: 'First name (first_name)' });
  await expect(page.getByRole('alert')).toContainText('Choose a column for: Last name.');
  await expect(page.getByRole('alert')).toContainText(
    'Each field can fill from one column only: First name.',
  );
  await expect(importer.submit).toHaveAttribute('aria-disabled', 'true');

  await importer.column('Family line').selectOption({ label: 'Last name (last_name)' });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(importer.preview.getByRole('row')).toHaveText([
    'RowEmailFirst nameLast name',
    '2ada@example.comAdaLovelace',
  ]);
  await expectAccessible(page, { touch: false });

  await importer.submit.click();
  await expect(page.getByText('Imported 1 attendee.')).toBeVisible();
  expect(server.attendee(event, 'ada@example.com')?.answers).toEqual({
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
  });
  await expectAccessible(page, { touch: false });
});

test('a file that cannot be imported at all says why', async ({ page, server }) => {
  const event = server.createEvent();
  await server.signIn(page, 'owner');
  const importer = new DeskImportPage(page);
  await importer.open(event.uuid);

  await importer.choose('broken.csv', 'Email,First name\n"ada@example.com,Ada\n');
  await expect(page.getByRole('alert')).toHaveText(
    'Row 2 opens a quote (") that is never closed. Please check the file.',
  );
  await importer.choose('header-only.csv', 'Email,First name,Last name\r\n');
  await expect(page.getByRole('alert')).toHaveText('The file has a header row but no attendees under it.');
  await expect(importer.submit).toHaveCount(0);
});

test('a French file: its headers find their fields, a choice by its label, and the good rows imported on request', async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent({
    registration_fields: [
      { key: 'email', label: 'Email', type: 'email', required: true },
      { key: 'first_name', label: 'First name', type: 'text', required: true },
      { key: 'last_name', label: 'Last name', type: 'text', required: true },
      { key: 'company', label: 'Company', type: 'text', required: false },
      {
        key: 'ticket',
        label: 'Billet',
        type: 'select',
        required: true,
        options: [
          { value: 'visitor', label: 'Visiteur' },
          { value: 'exhibitor', label: 'Exposant' },
        ],
      },
    ],
  });
  await server.signIn(page, 'owner');
  const importer = new DeskImportPage(page);
  await importer.open(event.uuid);
  await importer.choose(
    'invités.csv',
    '\uFEFFPrénom;Nom;Société;E-mail;Billet\r\n' +
      'Hélène;Fontaine;Nestlé;helene@example.com;Visiteur\r\n' +
      'Jürgen;Weiß;Nestlé Deutschland;jurgen@example.com;VIP\r\n' +
      'Ada;Lovelace;;ada@example.com;exposant\r\n',
  );
  await expect(importer.column('Prénom')).toHaveValue('first_name');
  await expect(importer.column('Nom')).toHaveValue('last_name');
  await expect(importer.column('Société')).toHaveValue('company');
  await expect(importer.column('E-mail')).toHaveValue('email');
  await expect(importer.column('Billet')).toHaveValue('ticket');

  await page.getByLabel('Import the good rows, and list the rows left out').check();
  await expectAccessible(page, { touch: false });
  await importer.submit.click();

  await expect(page.getByText('Imported 2 attendees.')).toBeVisible();
  await expect(importer.report).toContainText('1 row was not imported.');
  expect(await importer.reportLines()).toEqual([
    ['3', 'Billet', 'The ticket "VIP" is not one of the choices: Visiteur (visitor), Exposant (exhibitor).'],
  ]);
  expect(server.attendee(event, 'helene@example.com')!.answers.ticket).toBe('visitor');
  expect(server.attendee(event, 'ada@example.com')!.answers.ticket).toBe('exhibitor');
  expect(server.attendee(event, 'jurgen@example.com')).toBeNull();
});

test('200 rows, 3 bad, and 150 seats: every problem found in one pass, the button counts what it will import', async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent({ seats: 150 });
  await server.signIn(page, 'owner');
  const importer = new DeskImportPage(page);
  await importer.open(event.uuid);

  const rows = people(200);
  rows[2]!.email = 'guest3@';
  rows[40]!.first = '';
  rows[120]!.email = rows[7]!.email;
  await importer.choose('guests.csv', csvFile(rows));

  await expect(importer.checked).toHaveText('Of 200 rows, 197 can be imported and 3 have problems.');
  expect(await importer.checkLines()).toEqual([
    ['4', 'Email', 'The email field must be a valid email address.'],
    ['42', 'First name', 'The first name field is required.'],
    ['122', 'Email', 'The email has already been taken.'],
  ]);
  await expect(importer.button).toHaveText('Fix 3 rows first');

  // The good rows only: 197 of them, which the 150 seats cannot hold, said now rather than after a second try.
  await page.getByLabel('Import the good rows, and list the rows left out').check();
  await expect(page.getByRole('alert')).toHaveText(
    "The event has 150 seats left: the 197 rows to import do not fit. Leave out 47 rows, or add seats in the event's settings.",
  );
  await expect(importer.button).toHaveText('Import 197 attendees');
  await expect(importer.button).toHaveAttribute('aria-disabled', 'true');
  await importer.button.click({ force: true });
  expect(server.app.store.repos.attendees.countsByStatus(event.id)).toEqual([]);
  await expectAccessible(page, { touch: false });

  // A shorter list: 150 good rows fit, the 3 bad ones are left out, and the button said so before.
  await importer.choose('guests.csv', csvFile(rows.slice(0, 153)));
  await expect(importer.checked).toHaveText('Of 153 rows, 150 can be imported and 3 have problems.');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await importer.submit.click();
  await expect(page.getByText('Imported 150 attendees.')).toBeVisible();
  await expect(importer.report).toContainText('3 rows were not imported.');
  expect(server.app.store.repos.attendees.countsByStatus(event.id)).toEqual([
    { status: 'confirmed', total: 150, checked_in: 0 },
  ]);
});

test.describe('on a phone (360 px), in French', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('bad rows and too few seats found in one pass, said in French, the button counting what it will import', async ({
    page,
    server,
  }) => {
    const w = fr.dashboard.desk.import;
    const event = server.createEvent({ seats: 150 });
    await page.addInitScript(`localStorage.setItem('arrivals.dashboard.language', 'fr')`);
    await server.signIn(page, 'owner');
    await page.goto(`/dashboard/events/${event.uuid}/import`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.pageTitle(event.name));

    const rows = people(200);
    rows[2]!.email = 'guest3@';
    rows[40]!.first = '';
    rows[120]!.email = rows[7]!.email;
    await page.getByLabel(w.file).setInputFiles({
      name: 'invités.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csvFile(rows), 'utf8'),
    });

    const checked = page.getByTestId('import-checked');
    const button = page.getByRole('button', { name: /^(Importer \d|Corrigez|Vérification|Rien à importer)/ });
    await expect(checked).toHaveText(w.checkedSome(200, 197));
    await expect(checked).toHaveText('Sur 200 lignes, 197 peuvent être importées et 3 posent problème.');
    const lines = page.getByTestId('import-check').locator('tbody tr');
    await expect(lines).toHaveCount(3);
    await expect(lines.locator('th')).toHaveText(['4', '42', '122']);
    await expect(button).toHaveText('Corrigez d’abord 3 lignes');
    await expectFitsScreen(page, 'import, rows to fix');

    await page.getByLabel(w.modes.valid_rows).check();
    await expect(page.getByRole('alert')).toHaveText(
      'L’événement a encore 150 places\u00a0: les 197 lignes à importer n’y tiennent pas. Laissez de côté 47 lignes, ou ajoutez des places dans les réglages de l’événement.',
    );
    await expect(button).toHaveText(w.submit(197));
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expectFitsScreen(page, 'import, seats too few');
    expect(server.app.store.repos.attendees.countsByStatus(event.id)).toEqual([]);
  });
});
