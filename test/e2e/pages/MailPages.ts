import { expect, type Locator, type Page } from '@playwright/test';
import type { DeskPage } from './DeskPage.ts';

/** `/dashboard/mail`: the organization's mail server, who gets an email, and a test email. */
export class MailSettingsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/dashboard/mail');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Email' })).toBeVisible();
  }

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Email' });
  }

  /** A control by its label, which says "(required)" after the words of a required one. */
  field(label: string): Locator {
    const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.form.getByLabel(new RegExp(`^${escaped}( \\(required\\))?$`));
  }

  async fill(values: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(values)) {
      const field = this.field(label);
      if ((await field.evaluate((element) => element.tagName)) === 'SELECT') await field.selectOption(value);
      else await field.fill(value);
    }
  }

  async save(): Promise<void> {
    await this.form.getByRole('button', { name: 'Save mail settings' }).click();
  }

  get testForm(): Locator {
    return this.page.getByRole('form', { name: 'Send a test email' });
  }

  async sendTest(to: string): Promise<void> {
    await this.testForm.getByLabel('Send to').fill(to);
    await this.testForm.getByRole('button', { name: 'Send a test email' }).click();
  }

  get testResult(): Locator {
    return this.page.getByTestId('mail-test-result');
  }

  notice(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }
}

/** The desk's "Tickets by email": counts, Send tickets and its progress; each row's email and Resend ticket. */
export class DeskMail {
  constructor(readonly desk: DeskPage) {}

  get section(): Locator {
    return this.desk.page.getByTestId('desk-mail');
  }

  get counts(): Locator {
    return this.desk.page.getByTestId('desk-mail-counts');
  }

  get progress(): Locator {
    return this.desk.page.getByTestId('send-tickets-progress');
  }

  get progressStatus(): Locator {
    return this.desk.page.getByTestId('send-tickets-status');
  }

  sendTicketsButton(people: number): Locator {
    return this.section.getByRole('button', {
      name: `Send tickets to ${people} ${people === 1 ? 'person' : 'people'}`,
    });
  }

  async sendTickets(people: number): Promise<void> {
    await this.sendTicketsButton(people).click();
    await this.desk.dialog.getByRole('button', { name: 'Send', exact: true }).click();
  }

  /** The row's email column: its state in words (`Ticket: sent Nov 21, 2026, 10:00 AM`) and why it failed. */
  cell(name: string): Locator {
    return this.desk.row(name).getByTestId('attendee-mail');
  }

  resend(name: string): Locator {
    return this.desk.action(name, 'Resend ticket');
  }
}
