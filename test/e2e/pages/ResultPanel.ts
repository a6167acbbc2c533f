import type { Locator, Page } from '@playwright/test';

/** The outcome screen shown after a registration or check-in. */
export class ResultPanel {
  readonly root: Locator;

  constructor(page: Page) {
    this.root = page.getByTestId('result');
  }

  get heading(): Locator {
    return this.root.getByRole('heading', { level: 1 });
  }

  /** success, already, warning or error: the tone the colour, sound and icon tell. */
  get tone(): Promise<string | null> {
    return this.root.getAttribute('data-tone');
  }

  button(name: string): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }
}
