import { expect, type Locator, type Page } from '@playwright/test';

/** Words the page object finds controls by, in the page's language. */
export interface EventPageWords {
  form: string;
  submit: string;
}

export const ENGLISH: EventPageWords = { form: 'Register', submit: 'Register' };
export const FRENCH: EventPageWords = { form: 'Inscription', submit: 'S’inscrire' };

/** `/e/{event}`: an event's public page, on a person's own phone or computer, with its registration form. */
export class EventPage {
  constructor(
    readonly page: Page,
    readonly words: EventPageWords = ENGLISH,
  ) {}

  async open(eventId: string, query = ''): Promise<void> {
    await this.page.goto(`/e/${eventId}${query}`);
    await expect(this.heading).toBeVisible();
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  get when(): Locator {
    return this.page.getByTestId('event-when');
  }

  get where(): Locator {
    return this.page.getByTestId('event-where');
  }

  get seatsLeft(): Locator {
    return this.page.getByTestId('seats-left');
  }

  get description(): Locator {
    return this.page.getByTestId('event-description');
  }

  /** Why there is no form: closed, full, not open yet. */
  get registrationState(): Locator {
    return this.page.getByTestId('registration-state');
  }

  get form(): Locator {
    return this.page.getByRole('form', { name: this.words.form });
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  language(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
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
    await this.form.getByRole('button', { name: this.words.submit, exact: true }).click();
  }

  /** The page-level message above the form (a refusal, or "correct the fields"). */
  get alert(): Locator {
    return this.page.getByTestId('alert');
  }

  /** A field's problem is its accessible description: what a screen reader announces with it. */
  async expectFieldError(label: string, message: string): Promise<void> {
    await expect(this.field(label)).toHaveAttribute('aria-invalid', 'true');
    await expect(this.field(label)).toHaveAccessibleDescription(message);
  }
}
