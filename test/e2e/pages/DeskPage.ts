import { expect, type Locator, type Page } from '@playwright/test';

type CountKey = 'pending' | 'confirmed' | 'checked_in' | 'canceled' | 'no_show' | 'total';

/** `/dashboard/events/{id}/desk`: the attendee desk (counts, live picture, the table and its actions). */
export class DeskPage {
  constructor(readonly page: Page) {}

  async open(eventId: string): Promise<void> {
    await this.page.goto(`/dashboard/events/${eventId}/desk`);
    await expect(this.page.getByRole('heading', { level: 1 })).toContainText('attendee desk');
    await expect(this.showing).not.toHaveText('Searching…');
  }

  get search(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search by name, email, company or any answer' });
  }

  filter(label: 'Status' | 'Checked in'): Locator {
    return this.page.getByRole('search').getByLabel(label, { exact: true });
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'Attendees' });
  }

  /** The body rows, for counting and reading names. */
  get rows(): Locator {
    return this.table.getByTestId('attendee-row');
  }

  get names(): Locator {
    return this.rows.getByRole('rowheader');
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  action(name: string, action: string): Locator {
    return this.row(name).getByRole('button', { name: `${action} ${name}`, exact: true });
  }

  /** "Showing 1–3 of 3 attendees." */
  get showing(): Locator {
    return this.page.getByTestId('desk-showing');
  }

  count(key: CountKey): Locator {
    return this.page.getByTestId(`count-${key}`).locator('dd');
  }

  live(which: 'arrivals-15' | 'still-expected'): Locator {
    return this.page.getByTestId(which).locator('dd').first();
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }
}
