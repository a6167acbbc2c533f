import { expect, type Locator, type Page } from '@playwright/test';

/** "Follow an online server" on `/dashboard/sync`: the form to connect, then the download and the readiness. */
export class DashboardUpstreamSection {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/dashboard/sync');
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText('Kiosks & sync');
    await expect(this.section.getByRole('heading', { level: 2 })).toHaveText('Follow an online server');
  }

  get section(): Locator {
    return this.page.getByRole('region', { name: 'Follow an online server' });
  }

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Follow an online server' });
  }

  get url(): Locator {
    return this.form.getByRole('textbox', { name: 'Address of the online server' });
  }

  /** A password field: it has no textbox role. */
  get token(): Locator {
    return this.form.getByLabel('API token');
  }

  /** The refusal above the form: a 409's own line, or the summary of the lines under the fields. */
  get alert(): Locator {
    return this.section.getByRole('alert');
  }

  event(name: string): Locator {
    return this.form.getByRole('checkbox', { name });
  }

  async findEvents(url: string, token: string): Promise<void> {
    await this.url.fill(url);
    await this.token.fill(token);
    await this.form.getByRole('button', { name: 'Find events' }).click();
  }

  async download(): Promise<void> {
    await this.form.getByRole('button', { name: 'Download' }).click();
  }

  get progress(): Locator {
    return this.section.getByRole('progressbar', { name: 'Download from the online server' });
  }

  /** One readiness figure, by its testid suffix: attendees-here, last-sync, waiting-up, waiting-down, online. */
  figure(name: 'attendees-here' | 'last-sync' | 'waiting-up' | 'waiting-down' | 'online'): Locator {
    return this.section.getByTestId(`upstream-${name}`).locator('dd');
  }
}
