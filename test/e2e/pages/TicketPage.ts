import { expect, type Locator, type Page } from '@playwright/test';

/** Words the page object finds controls by, in the page's language. */
export interface TicketWords {
  cancel: string;
  confirm: string;
  keep: string;
  calendar: string;
  print: string;
}

export const TICKET_ENGLISH: TicketWords = {
  cancel: 'Cancel my registration',
  confirm: 'Yes, cancel my registration',
  keep: 'No, keep it',
  calendar: 'Add to calendar',
  print: 'Print or save as PDF',
};

export const TICKET_FRENCH: TicketWords = {
  cancel: 'Annuler mon inscription',
  confirm: 'Oui, annuler mon inscription',
  keep: 'Non, la conserver',
  calendar: 'Ajouter à l’agenda',
  print: 'Imprimer ou enregistrer en PDF',
};

/** `/t/{secret}`: a person's ticket, with its QR code, calendar file, print and cancel. */
export class TicketPage {
  constructor(
    readonly page: Page,
    readonly words: TicketWords = TICKET_ENGLISH,
  ) {}

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/t\/[0-9A-Za-z]+(\?.*)?$/);
    await expect(this.root).toBeVisible();
  }

  /** The ticket's secret, from the page's address. */
  secret(): string {
    return /\/t\/([0-9A-Za-z]+)/.exec(new URL(this.page.url()).pathname)![1]!;
  }

  get root(): Locator {
    return this.page.getByTestId('ticket');
  }

  get heading(): Locator {
    return this.root.getByRole('heading', { level: 1 });
  }

  get name(): Locator {
    return this.page.getByTestId('ticket-name');
  }

  get when(): Locator {
    return this.page.getByTestId('ticket-when');
  }

  get where(): Locator {
    return this.page.getByTestId('ticket-where');
  }

  get status(): Locator {
    return this.page.getByTestId('ticket-status');
  }

  /** The QR code's figure: its image and the code written under it. */
  get code(): Locator {
    return this.page.getByTestId('ticket-qr');
  }

  get qrImage(): Locator {
    return this.code.getByRole('img');
  }

  get calendarLink(): Locator {
    return this.page.getByRole('link', { name: this.words.calendar });
  }

  get printButton(): Locator {
    return this.page.getByRole('button', { name: this.words.print });
  }

  get cancelButton(): Locator {
    return this.page.getByRole('button', { name: this.words.cancel, exact: true });
  }

  get confirmation(): Locator {
    return this.page.getByTestId('cancel-confirmation');
  }

  async cancel(): Promise<void> {
    await this.cancelButton.click();
    await expect(this.confirmation).toBeVisible();
    await this.confirmation.getByRole('button', { name: this.words.confirm }).click();
  }

  get cancelled(): Locator {
    return this.page.getByTestId('cancelled');
  }
}
