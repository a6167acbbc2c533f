import { describe, expect, it } from 'vitest';
import {
  dropsPassword,
  mailDraft,
  mailSettingsInput,
} from '../../../renderer/src/dashboard/mail/mail-draft.ts';
import type { MailSettings } from '../../../renderer/src/dashboard/api/mail.ts';

const STORED: MailSettings = {
  host: 'smtp.example.com',
  port: 465,
  security: 'tls',
  username: 'tickets',
  has_password: true,
  from_address: 'tickets@example.com',
  from_name: 'City Hall',
  reply_to: null,
  public_url: 'https://tickets.example.org',
  mail_kiosk_registrations: true,
  mail_imports: false,
  max_per_minute: 120,
  updated_at: '2026-11-21T10:00:00+00:00',
  outbox: { queued: 0, failed: 0, last_error: null, last_error_at: null },
};

describe('the mail settings form', () => {
  it('starts from what is stored, the password empty whatever is stored', () => {
    expect(mailDraft(STORED)).toMatchObject({
      host: 'smtp.example.com',
      port: '465',
      password: '',
      max_per_minute: '120',
    });
    expect(mailDraft(null)).toMatchObject({
      host: '',
      port: '587',
      security: 'starttls',
      max_per_minute: '',
    });
  });

  it('keeps the stored password when none is typed, removes it when asked, replaces it when typed', () => {
    const draft = mailDraft(STORED);
    expect(mailSettingsInput(draft)).not.toHaveProperty('password');
    expect(mailSettingsInput({ ...draft, removePassword: true })).toMatchObject({ password: null });
    expect(mailSettingsInput({ ...draft, password: ' s3cret ', removePassword: true })).toMatchObject({
      password: ' s3cret ',
    });
  });

  it('says before saving that a change of server, port, security or user drops the stored password', () => {
    const draft = mailDraft(STORED);
    expect(dropsPassword(STORED, draft)).toBe(false);
    expect(dropsPassword(STORED, { ...draft, from_name: 'Box office', host: ' SMTP.example.com ' })).toBe(
      false,
    );
    for (const change of [
      { host: 'smtp.elsewhere.example' },
      { port: '587' },
      { security: 'starttls' as const },
      { security: 'none' as const },
      { username: 'other' },
      { username: '' },
    ]) {
      expect(dropsPassword(STORED, { ...draft, ...change }), JSON.stringify(change)).toBe(true);
      expect(dropsPassword(STORED, { ...draft, ...change, password: 'typed again' })).toBe(false);
    }
    expect(dropsPassword({ ...STORED, has_password: false }, { ...draft, host: 'x.example' })).toBe(false);
  });

  it('sends numbers as typed and empty optional text as null', () => {
    const draft = { ...mailDraft(STORED), port: ' 587 ', max_per_minute: '', from_name: '  ', reply_to: '' };
    expect(mailSettingsInput(draft)).toMatchObject({
      port: 587,
      max_per_minute: null,
      from_name: null,
      reply_to: null,
    });
    expect(mailSettingsInput({ ...draft, port: 'abc' }).port).toBeNaN();
  });
});
