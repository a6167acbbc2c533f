import { expect, type Locator, type Page } from '@playwright/test';
import { OnScreenKeyboard } from './OnScreenKeyboard.ts';
import { ResultPanel } from './ResultPanel.ts';

/** `/kiosk/{event}/check-in`: self check-in by email. */
export class CheckInPage {
  readonly keyboard: OnScreenKeyboard;
  readonly result: ResultPanel;

  constructor(readonly page: Page) {
    this.keyboard = new OnScreenKeyboard(page);
    this.result = new ResultPanel(page);
  }

  async open(eventId: string, query = ''): Promise<void> {
    await this.page.goto(`/kiosk/${eventId}/check-in${query}`);
    await expect(this.email).toBeVisible();
  }

  get email(): Locator {
    return this.page.getByRole('form', { name: 'Check in' }).getByLabel('Email address', { exact: true });
  }

  async checkIn(email: string): Promise<void> {
    await this.email.fill(email);
    await this.keyboard.settle();
    await this.submit();
  }

  async submit(): Promise<void> {
    await this.page.getByRole('form', { name: 'Check in' }).getByRole('button', { name: 'Check in' }).click();
  }

  get serverMessage(): Locator {
    return this.result.root.getByTestId('server-message');
  }
}
