import { expect, type Locator, type Page } from '@playwright/test';

/** A secret shown once after it was made: a new API token or a webhook signing secret. */
export class ShownOnceBox {
  constructor(
    readonly page: Page,
    readonly label: string,
  ) {}

  get box(): Locator {
    return this.page.getByTestId('shown-once');
  }

  get value(): Locator {
    return this.box.getByLabel(this.label);
  }

  async read(): Promise<string> {
    return this.value.inputValue();
  }
}

/** `/dashboard/developers/tokens`: create a token (shown once), the list, delete with confirmation. */
export class DashboardTokensPage {
  readonly shownOnce: ShownOnceBox;

  constructor(readonly page: Page) {
    this.shownOnce = new ShownOnceBox(page, 'API token');
  }

  async open(): Promise<void> {
    await this.page.goto('/dashboard/developers/tokens');
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText('API Tokens');
  }

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Create token' });
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'API Tokens' });
  }

  row(name: string): Locator {
    return this.table
      .getByTestId('token-row')
      .filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  /** A row's cell under the column's heading. */
  async cell(name: string, column: 'Access' | 'Created' | 'Last used' | 'Expires'): Promise<Locator> {
    await expect(this.row(name)).toBeVisible();
    const headings = await this.table.getByRole('columnheader').allInnerTexts();
    // The row's heading cell is the first column; the others are cells.
    return this.row(name)
      .getByRole('cell')
      .nth(headings.indexOf(column) - 1);
  }

  async deleteToken(name: string): Promise<void> {
    await this.row(name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    const dialog = this.page.getByRole('dialog', { name: 'Delete this token?' });
    await expect(dialog).toContainText(`Delete the token “${name}”?`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
  }
}

/** `/dashboard/developers/webhooks` and an endpoint's page. */
export class DashboardWebhooksPage {
  readonly shownOnce: ShownOnceBox;

  constructor(readonly page: Page) {
    this.shownOnce = new ShownOnceBox(page, 'Signing secret');
  }

  async open(): Promise<void> {
    await this.page.goto('/dashboard/developers/webhooks');
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText('Webhooks');
  }

  get addForm(): Locator {
    return this.page.getByRole('form', { name: 'Add an endpoint' });
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'Webhooks' });
  }

  row(url: string): Locator {
    return this.table
      .getByTestId('webhook-row')
      .filter({ has: this.page.getByRole('rowheader', { name: url, exact: true }) });
  }

  /** Adds an endpoint with the form's defaults; returns its signing secret, read before putting it away. */
  async addEndpoint(url: string): Promise<string> {
    await this.addForm.getByLabel(/^URL/).fill(url);
    await this.addForm.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await this.shownOnce.read();
    await this.shownOnce.box.getByRole('button', { name: 'I have copied it' }).click();
    await expect(this.shownOnce.box).toHaveCount(0);
    return secret;
  }

  kind(form: Locator, kind: string): Locator {
    return form.getByRole('group', { name: 'Event kinds' }).getByLabel(kind, { exact: true });
  }

  get deliveries(): Locator {
    return this.page.getByRole('table', { name: 'Recent deliveries' });
  }

  /** The delivery rows, newest first. */
  get deliveryRows(): Locator {
    return this.deliveries.getByTestId('delivery-row');
  }

  /** A delivery row's cell under the column's heading. */
  async deliveryCell(
    row: Locator,
    column: 'Kind' | 'Result' | 'Status code' | 'Duration' | 'Attempt' | 'Response',
  ): Promise<Locator> {
    await expect(row).toBeVisible();
    const headings = await this.deliveries.getByRole('columnheader').allInnerTexts();
    return row.getByRole('cell').nth(headings.indexOf(column) - 1);
  }

  confirm(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }
}

/** `/dashboard/developers/lan-integrations`: the hosts on the venue network that webhooks may reach. */
export class DashboardLanIntegrationsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/dashboard/developers/lan-integrations');
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText('LAN integrations');
  }

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Allow a host' });
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'LAN integrations' });
  }

  row(host: string): Locator {
    return this.table
      .getByTestId('lan-row')
      .filter({ has: this.page.getByRole('rowheader', { name: host, exact: true }) });
  }

  async allow(host: string, description = ''): Promise<void> {
    await this.form.getByLabel(/^Host/).fill(host);
    await this.form.getByLabel(/^Description/).fill(description);
    await this.form.getByRole('button', { name: 'Allow host' }).click();
  }

  async remove(host: string): Promise<void> {
    await this.row(host)
      .getByRole('button', { name: `Remove ${host}` })
      .click();
    const dialog = this.page.getByRole('dialog', { name: 'Stop allowing this host?' });
    await expect(dialog).toContainText(`Stop allowing “${host}”?`);
    await dialog.getByRole('button', { name: 'Remove' }).click();
  }
}
