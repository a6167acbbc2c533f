import { expect, type Locator, type Page } from '@playwright/test';

/** `/dashboard/events`: the organization's events, with each one's desk (and for owners: edit, publish, kiosk). */
export class DashboardEventsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/dashboard/events');
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText('Events');
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'Events' });
  }

  row(eventName: string): Locator {
    return this.table
      .getByTestId('event-row')
      .filter({ has: this.page.getByRole('rowheader', { name: eventName }) });
  }

  /** A row's link or button by its visible word ("Desk", "Edit", "Publish"...), named with the event for AT. */
  action(eventName: string, word: string): Locator {
    return this.row(eventName).getByRole(
      /^(Publish|Unpublish|Kiosk link|Event page)$/.test(word) ? 'button' : 'link',
      {
        name: `${word} ${eventName}`,
        exact: true,
      },
    );
  }

  get newEvent(): Locator {
    return this.page.getByRole('link', { name: 'New event' });
  }

  get notice(): Locator {
    return this.page.getByRole('status');
  }
}

/** `/dashboard/events/new` and `/dashboard/events/{id}`: the event editor and its kiosk preview. */
export class DashboardEventEditorPage {
  constructor(readonly page: Page) {}

  async open(eventId?: string): Promise<void> {
    await this.page.goto(eventId ? `/dashboard/events/${eventId}` : '/dashboard/events/new');
    await expect(this.form).toBeVisible();
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Event settings' });
  }

  /** A setting outside the registration fields, by its label. */
  setting(label: string): Locator {
    return this.form.getByLabel(labelled(label));
  }

  /** The registration field at `position` (1-based): its fieldset, "Field 5: T-shirt size". */
  fieldRow(position: number): Locator {
    return this.form.getByRole('group', { name: new RegExp(`^Field ${position}: `) });
  }

  fieldControl(position: number, label: 'Label' | 'Label in French' | 'Key' | 'Type' | 'Required'): Locator {
    return this.fieldRow(position).getByLabel(labelled(label));
  }

  option(position: number, option: number, part: 'value' | 'label' | 'label in French'): Locator {
    return this.fieldRow(position).getByLabel(`Option ${option} ${part}`, { exact: true });
  }

  rowButton(position: number, word: 'Move up' | 'Move down' | 'Remove' | 'Add an option'): Locator {
    return this.fieldRow(position).getByRole('button', { name: new RegExp(`^${word}`) });
  }

  get addField(): Locator {
    return this.form.getByRole('button', { name: 'Add a field' });
  }

  get save(): Locator {
    return this.form.getByRole('button', { name: /^(Create|Save) event$/ });
  }

  /** The message after a save: the success line or the refusal. */
  get notice(): Locator {
    return this.form.locator('.event-savebar-notice');
  }

  get preview(): Locator {
    return this.page.getByTestId('kiosk-preview');
  }

  /** A control's problem is its accessible description, as a screen reader announces it. */
  async expectProblem(control: Locator, message: string): Promise<void> {
    await expect(control).toHaveAttribute('aria-invalid', 'true');
    await expect(control).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  }
}

/** A control's label, with or without the " (required)" the dashboard's controls add. */
function labelled(label: string): RegExp {
  return new RegExp(`^${escapeRegExp(label)}( \\(required\\))?$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
