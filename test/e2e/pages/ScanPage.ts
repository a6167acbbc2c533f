import { expect, type Locator, type Page } from '@playwright/test';

/**
 * How long to wait for the camera to start, or for a code before it to be read: ZXing decodes in JavaScript, in a
 * second Chromium, which on a busy machine reads a frame every few seconds.
 */
export const CAMERA_TIMEOUT_MS = 30_000;

/** `/kiosk/{event}/scan`: the camera, a keyboard-wedge scanner, and the check-in or profile they find. */
export class ScanPage {
  constructor(readonly page: Page) {}

  async open(eventId: string, query = ''): Promise<void> {
    await this.page.goto(`/kiosk/${eventId}/scan${query}`);
    await expect(this.heading).toBeVisible();
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Scan my code' });
  }

  get camera(): Locator {
    return this.page.getByTestId('camera');
  }

  /** starting, scanning, missing, denied or unavailable. */
  async expectCamera(status: string): Promise<void> {
    await expect(this.camera).toHaveAttribute('data-status', status, { timeout: CAMERA_TIMEOUT_MS });
  }

  get profile(): Locator {
    return this.page.getByTestId('profile-card');
  }

  profileField(field: 'email' | 'phone' | 'birthday' | 'address' | 'employment'): Locator {
    return this.profile.locator(`[data-field="${field}"] dd`);
  }

  get message(): Locator {
    return this.page.getByTestId('alert');
  }

  /** What a USB/HID barcode scanner does: types the code and Enter into whatever has focus. */
  async scanWithWedge(text: string): Promise<void> {
    await expect(this.heading).toBeVisible();
    await this.page.keyboard.type(text);
    await this.page.keyboard.press('Enter');
  }

  get registerWithProfile(): Locator {
    return this.page.getByRole('button', { name: 'Register with this profile' });
  }
}
