import { expect, type Locator, type Page } from '@playwright/test';
import { OnScreenKeyboard } from './OnScreenKeyboard.ts';
import { ResultPanel } from './ResultPanel.ts';

/** `/kiosk/{event}/register`: the form built from the event's registration fields. */
export class RegistrationPage {
  readonly keyboard: OnScreenKeyboard;
  readonly result: ResultPanel;

  constructor(readonly page: Page) {
    this.keyboard = new OnScreenKeyboard(page);
    this.result = new ResultPanel(page);
  }

  async open(eventId: string, query = ''): Promise<void> {
    await this.page.goto(`/kiosk/${eventId}/register${query}`);
    await expect(this.form).toBeVisible();
  }

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Register' });
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  /** Fills each field by its label, with the control its type has (select, date, text...). */
  async fill(answers: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(answers)) {
      const field = this.field(label);
      if ((await field.evaluate((element) => element.tagName)) === 'SELECT') await field.selectOption(value);
      else await field.fill(value);
    }
  }

  async submit(): Promise<void> {
    await this.keyboard.settle();
    await this.form.getByRole('button', { name: 'Register' }).click();
  }

  /** The page-level message above the form (a refusal, or "correct the fields"). */
  get alert(): Locator {
    return this.page.getByRole('alert');
  }

  /** A field's problem is its accessible description: what a screen reader announces with it. */
  async expectFieldError(label: string, message: string): Promise<void> {
    await expect(this.field(label)).toHaveAttribute('aria-invalid', 'true');
    await expect(this.field(label)).toHaveAccessibleDescription(message);
  }

  async expectNoFieldError(label: string): Promise<void> {
    await expect(this.field(label)).not.toHaveAttribute('aria-invalid', 'true');
  }
}
