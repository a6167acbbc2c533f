import { expect, type Locator, type Page } from '@playwright/test';

/** `/dashboard/people`: everyone with a profile. */
export class DashboardPeoplePage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/dashboard/people');
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText('People');
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'People' });
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name }) });
  }

  get newPerson(): Locator {
    return this.page.getByRole('link', { name: 'New person' });
  }
}

/** `/dashboard/people/new` and `/dashboard/people/{id}`: the person form and their profile QR card. */
export class DashboardPersonPage {
  constructor(readonly page: Page) {}

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Person' });
  }

  /** A text field in one of the form's groups ("Contact", "Address", "Employment"). */
  field(group: 'Contact' | 'Address' | 'Employment', label: string): Locator {
    return this.form.getByRole('group', { name: group }).getByLabel(labelled(label));
  }

  get profilePublic(): Locator {
    return this.form.getByLabel('The profile is public');
  }

  /** A field's "shown on the public profile" checkbox. */
  shown(label: string): Locator {
    return this.form
      .getByRole('group', { name: 'Fields shown on the public profile' })
      .getByLabel(label, { exact: true });
  }

  get save(): Locator {
    return this.form.getByRole('button', { name: /^(Create|Save) person$/ });
  }

  get notice(): Locator {
    return this.page.getByRole('status').filter({ hasNotText: /^$/ });
  }

  get qrCard(): Locator {
    return this.page.getByTestId('profile-qr-card');
  }

  qrCode(name: string): Locator {
    return this.qrCard.getByRole('img', { name: `QR code of the public profile of ${name}` });
  }

  /** A control's problem is its accessible description, as a screen reader announces it. */
  async expectProblem(control: Locator, message: string): Promise<void> {
    await expect(control).toHaveAttribute('aria-invalid', 'true');
    await expect(control).toHaveAccessibleDescription(message);
  }
}

/** A control's label, with or without the " (required)" the dashboard's controls add. */
function labelled(label: string): RegExp {
  return new RegExp(`^${label}( \\(required\\))?$`);
}
