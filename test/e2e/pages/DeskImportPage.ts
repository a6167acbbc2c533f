import { expect, type Locator, type Page } from '@playwright/test';

/** `/dashboard/events/{id}/import`: attendees from a CSV file, with column mapping and a per-row report. */
export class DeskImportPage {
  constructor(readonly page: Page) {}

  async open(eventId: string): Promise<void> {
    await this.page.goto(`/dashboard/events/${eventId}/import`);
    await expect(this.page.getByRole('heading', { level: 1 })).toContainText('import attendees');
  }

  /** Chooses a file with this name and text, as a person picking it in the file dialog. */
  async choose(name: string, text: string): Promise<void> {
    await this.page.getByLabel('CSV file').setInputFiles({
      name,
      mimeType: 'text/csv',
      buffer: Buffer.from(text, 'utf8'),
    });
  }

  column(header: string): Locator {
    return this.page.getByRole('combobox', { name: `Field for column “${header}”` });
  }

  get submit(): Locator {
    return this.page.getByRole('button', { name: /^Import \d/ });
  }

  /** The import's button, whatever it says: the rows it will import, or why it will import none. */
  get button(): Locator {
    return this.page.getByRole('button', { name: /^(Import \d|Fix \d|Checking \d|Nothing to import)/ });
  }

  /** What the server's check of the mapped rows found, before anything is sent. */
  get checked(): Locator {
    return this.page.getByTestId('import-checked');
  }

  /** The rows the check found problems in. */
  get check(): Locator {
    return this.page.getByTestId('import-check');
  }

  /** The check's lines as [row, field, problem]. */
  async checkLines(): Promise<string[][]> {
    const rows = await this.check.locator('tbody tr').all();
    return Promise.all(rows.map((row) => row.locator('th, td').allInnerTexts()));
  }

  get stage(): Locator {
    return this.page.getByTestId('import-stage');
  }

  get progress(): Locator {
    return this.page.getByRole('progressbar', { name: 'Import progress' });
  }

  get preview(): Locator {
    return this.page.getByTestId('import-preview');
  }

  get report(): Locator {
    return this.page.getByTestId('import-report');
  }

  /** The report's lines as [row, field, problem]. */
  async reportLines(): Promise<string[][]> {
    const rows = await this.report.locator('tbody tr').all();
    return Promise.all(rows.map((row) => row.locator('th, td').allInnerTexts()));
  }
}
