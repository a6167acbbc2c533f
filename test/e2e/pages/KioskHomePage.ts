import { expect, type Locator, type Page } from '@playwright/test';

export type KioskAction =
  'Register' | 'Check in' | 'Scan my code' | 'S’inscrire' | 'Enregistrer mon arrivée' | 'Scanner mon code';

/** `/kiosk/{event}`: the event and its action buttons. */
export class KioskHomePage {
  constructor(readonly page: Page) {}

  /** `query` carries kiosk settings, e.g. `?idle=2`. */
  async open(eventId: string, query = ''): Promise<void> {
    await this.page.goto(`/kiosk/${eventId}${query}`);
    await expect(this.heading).toBeVisible();
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  action(name: KioskAction): Locator {
    return this.page.getByRole('navigation').getByRole('link', { name, exact: true });
  }

  get actions(): Locator {
    return this.page.getByRole('navigation').getByRole('link');
  }

  /** What a USB/HID barcode scanner does: types the code and Enter, with nothing touched first. */
  async scanWithWedge(text: string): Promise<void> {
    await expect(this.heading).toBeVisible();
    await this.page.keyboard.type(text);
    await this.page.keyboard.press('Enter');
  }

  /** A button of the language switch, by the language's name in itself ("English", "Français"). */
  language(name: string): Locator {
    return this.page
      .getByRole('group', { name: /^(Language|Langue)$/ })
      .getByRole('button', { name, exact: true });
  }

  /** The home's camera: its live picture, or why it cannot run. */
  get viewfinder(): Locator {
    return this.page.getByTestId('camera');
  }

  /** checking, none, off, starting, scanning, missing, denied, insecure or unavailable. */
  async expectCamera(status: string, timeout = 30_000): Promise<void> {
    await expect(this.viewfinder).toHaveAttribute('data-status', status, { timeout });
  }

  get staffNotice(): Locator {
    return this.page.getByTestId('staff-check-in');
  }

  async expectShown(eventName: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/kiosk\/[^/]+(\?.*)?$/);
    await expect(this.heading).toHaveText(eventName);
  }
}
