import type { MailSettings, MailSettingsInput } from '../api/mail.ts';

/**
 * The mail settings form's state: each setting as its control holds it (numbers as typed), turned into the server's
 * body only on save. The password is write-only: the form starts empty whatever is stored, and an empty password
 * keeps the stored one unless "remove" is ticked.
 */
export interface MailDraft {
  host: string;
  port: string;
  security: NonNullable<MailSettingsInput['security']>;
  username: string;
  password: string;
  removePassword: boolean;
  from_address: string;
  from_name: string;
  reply_to: string;
  public_url: string;
  mail_kiosk_registrations: boolean;
  mail_imports: boolean;
  max_per_minute: string;
}

export function mailDraft(settings: MailSettings | null): MailDraft {
  return {
    host: settings?.host ?? '',
    port: String(settings?.port ?? 587),
    security: settings?.security ?? 'starttls',
    username: settings?.username ?? '',
    password: '',
    removePassword: false,
    from_address: settings?.from_address ?? '',
    from_name: settings?.from_name ?? '',
    reply_to: settings?.reply_to ?? '',
    public_url: settings?.public_url ?? '',
    mail_kiosk_registrations: settings?.mail_kiosk_registrations ?? false,
    mail_imports: settings?.mail_imports ?? false,
    max_per_minute: settings?.max_per_minute === null || !settings ? '' : String(settings.max_per_minute),
  };
}

/**
 * Whether saving the draft drops the stored password, which belongs to the server, port, security and user name it
 * was given for: any of them changed (the host without case) with no password typed again, or security set to
 * none, with which nothing signs in. An input hint mirroring the server's rule (server/mail/mail.rules.ts,
 * `passwordKept`), so the form says so before saving.
 */
export function dropsPassword(settings: MailSettings | null, draft: MailDraft): boolean {
  if (!settings?.has_password || draft.password !== '' || draft.removePassword) return false;
  return (
    draft.security === 'none' ||
    draft.host.trim().toLowerCase() !== settings.host.toLowerCase() ||
    Number(draft.port.trim()) !== settings.port ||
    draft.security !== settings.security ||
    (draft.username.trim() || null) !== settings.username
  );
}

/**
 * The security a port usually takes: 465 is TLS from the start (SMTPS), 587 the submission port with STARTTLS, 25
 * a relay's (None); any other port takes `otherwise` (None for a first setup; the saved security, an owner's
 * choice, once there is one). The form follows it until the owner picks the security by hand.
 */
export function securityForPort(
  port: string,
  otherwise: MailDraft['security'] = 'none',
): MailDraft['security'] {
  const number = Number(port.trim());
  if (number === 465) return 'tls';
  if (number === 587) return 'starttls';
  if (number === 25) return 'none';
  return otherwise;
}

/** A number typed into a field: as typed, for the server to refuse in words if it is not a whole number. */
export const typedNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));

export function mailSettingsInput(draft: MailDraft): MailSettingsInput {
  const maxPerMinute = draft.max_per_minute.trim();
  return {
    host: draft.host.trim(),
    port: typedNumber(draft.port),
    security: draft.security,
    username: draft.username.trim() || null,
    // Left out: the stored password stays. Null: it is removed. Typed: it replaces the stored one.
    ...(draft.password !== ''
      ? { password: draft.password }
      : draft.removePassword
        ? { password: null }
        : {}),
    from_address: draft.from_address.trim(),
    from_name: draft.from_name.trim() || null,
    reply_to: draft.reply_to.trim() || null,
    public_url: draft.public_url.trim(),
    mail_kiosk_registrations: draft.mail_kiosk_registrations,
    mail_imports: draft.mail_imports,
    max_per_minute: maxPerMinute === '' ? null : typedNumber(maxPerMinute),
  };
}
