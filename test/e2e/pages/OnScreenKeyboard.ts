import type { Locator, Page } from '@playwright/test';

/** The on-screen keyboard (react-simple-keyboard), pressed key by key as a finger would. */
export class OnScreenKeyboard {
  readonly root: Locator;

  /** `name` is the keyboard's name in the kiosk's language. */
  constructor(
    readonly page: Page,
    name = 'On-screen keyboard',
  ) {
    this.root = page.getByRole('group', { name });
  }

  /**
   * A keyboard that came up with a text field's focus draws its keys a moment later (they load on first use). A
   * tap meant for the page waits for them, as a person's would, so that nothing moves under it.
   */
  async settle(): Promise<void> {
    if (await this.root.isVisible()) await this.root.locator('[data-skbtn]').first().waitFor();
  }

  key(button: string): Locator {
    return this.root.locator(`[data-skbtn="${button}"]`);
  }

  async type(text: string): Promise<void> {
    for (const character of text) {
      if (character === ' ') await this.key('{space}').click();
      else if (/[A-Z]/.test(character)) {
        await this.key('{shift}').click();
        await this.key(character).click();
      } else await this.key(character).click();
    }
  }
}
