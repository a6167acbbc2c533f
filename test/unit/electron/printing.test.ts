import { describe, expect, it, vi } from 'vitest';
import { badgeHtml, escapeHtml, parseBadge, printBadge } from '../../../electron/main/printing.ts';
import { FakeBrowserWindow } from './fake-electron.ts';

vi.mock('electron', async () => (await import('./fake-electron.ts')).electronModule);

describe('parseBadge', () => {
  it('takes name, company and event, trimmed', () => {
    expect(
      parseBadge({ name: ' Ada Lovelace ', company: 'Analytical', event: 'Launch Night', extra: 1 }),
    ).toEqual({
      name: 'Ada Lovelace',
      company: 'Analytical',
      event: 'Launch Night',
    });
    expect(parseBadge({ name: 'Ada', event: 'Launch Night' })).toEqual({
      name: 'Ada',
      company: null,
      event: 'Launch Night',
    });
  });

  it.each([
    null,
    'Ada',
    {},
    { name: '', event: 'x' },
    { name: 'Ada' },
    { name: 'Ada', event: 42 },
    { name: 'x'.repeat(201), event: 'x' },
    { name: 'Ada', event: 'x', company: { toString: () => 'x' } },
  ])('refuses %o', (value) => {
    expect(parseBadge(value)).toBeNull();
  });
});

describe('badgeHtml', () => {
  it('escapes what attendees typed, so a name cannot inject markup', () => {
    const html = badgeHtml({
      name: '<img src=x onerror=alert(1)>',
      company: '"Acme" & Co',
      event: "O'Brien's",
    });
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain('&#34;Acme&#34; &#38; Co');
    expect(html).toContain('O&#39;Brien&#39;s');
    expect(html).toContain("default-src 'none'");
  });

  it('leaves out the company line when there is none', () => {
    expect(badgeHtml({ name: 'Ada', company: null, event: 'E' })).not.toMatch(
      /<p>[^<]*<\/p>\s*<p class="event">/,
    );
  });

  it('escapes all five HTML-significant characters', () => {
    expect(escapeHtml(`<>&"'`)).toBe('&#60;&#62;&#38;&#34;&#39;');
  });
});

describe('printBadge', () => {
  it('prints silently from a hidden window with JavaScript off, then closes it', async () => {
    FakeBrowserWindow.instances = [];
    const pending = printBadge({ name: 'Ada', company: null, event: 'Launch Night' });
    const window = FakeBrowserWindow.instances[0]!;
    expect(window.options).toMatchObject({
      show: false,
      webPreferences: { javascript: false, sandbox: true },
    });
    await vi.waitFor(() => expect(window.webContents.print).toHaveBeenCalled());
    const [options, done] = window.webContents.print.mock.calls[0]! as [
      unknown,
      (ok: boolean, reason: string) => void,
    ];
    expect(options).toMatchObject({ silent: true });
    done(false, 'no printer');
    expect(await pending).toEqual({ ok: false, reason: 'no printer' });
    expect(window.destroy).toHaveBeenCalled();
  });
});
