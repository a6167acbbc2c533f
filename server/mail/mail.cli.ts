import fs from 'node:fs';
import { mailServerOf, mailSettingsBody } from './mail.schemas.ts';
import { mailService } from './mail.service.ts';
import { passwordKept, TEST_MAIL_HINT_TEXT, TEST_MAILS_PER_HOUR } from './mail.rules.ts';
import {
  FLAG,
  required,
  UsageError,
  withStore,
  withStoreAsync,
  type CliCommand,
  type Flags,
  type Io,
} from '../cli/command.ts';
import { organizationBySlug } from '../organizations/organization.cli.ts';
import { isValidEmail } from '../platform/email.ts';
import { checkRequestPart } from '../platform/validation.ts';
import type { Store } from '../store.ts';

export const mailCommands: readonly CliCommand[] = [
  {
    name: 'mail set',
    help: [
      {
        synopsis: [
          '--org SLUG --host HOST --port PORT [--security none|starttls|tls] [--user USER --password-file FILE]',
          '--from ADDRESS [--from-name NAME] [--reply-to ADDRESS] --public-url URL',
        ],
        summary: [
          "set the organization's mail server: tickets are mailed from it, their",
          "links start with URL (the address people's phones reach this server at)",
        ],
      },
    ],
    flags: {
      org: FLAG.value,
      host: FLAG.value,
      port: FLAG.value,
      security: FLAG.value,
      user: FLAG.value,
      'password-file': FLAG.value,
      from: FLAG.value,
      'from-name': FLAG.value,
      'reply-to': FLAG.value,
      'public-url': FLAG.value,
    },
    run: ({ dataDir, flags, io }) => mailSet(dataDir, flags, io),
  },
  {
    name: 'mail test',
    help: [
      {
        synopsis: ['--org SLUG --to ADDRESS'],
        summary: ["send a test email now and show the mail server's answer"],
      },
    ],
    flags: { org: FLAG.value, to: FLAG.value },
    run: ({ dataDir, flags, io }) => mailTest(dataDir, flags, io),
  },
];

/** The mail service over a store, as the CLI uses it: a running server's dispatcher finds what it queues. */
const cliMail = (store: Store) => mailService(store, { wake: () => {}, mailsFor: () => true });

/** The CLI flag that sets each field of the mail settings, to name it in an error. */
const MAIL_FLAGS: Record<string, string> = {
  host: '--host',
  port: '--port',
  security: '--security',
  username: '--user',
  password: '--password-file',
  from_address: '--from',
  from_name: '--from-name',
  reply_to: '--reply-to',
  public_url: '--public-url',
};

/** One password from `--password-file`, less one trailing line break (what `echo` and editors add). */
function readPasswordFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').replace(/\r?\n$/, '');
  } catch (error) {
    throw new UsageError(`--password-file: ${(error as Error).message}`);
  }
}

/**
 * `arrivals mail set`: the organization's mail server, as the dashboard's mail settings set it (the same service
 * and the same checks). Every setting is given each time; the kiosk and import choices are the dashboard's.
 */
function mailSet(dataDir: string, flags: Flags, io: Io): number {
  const slug = required(flags, 'org');
  const port = Number(required(flags, 'port'));
  const user = typeof flags.user === 'string' && flags.user.trim() !== '' ? flags.user.trim() : null;
  const passwordFile = flags['password-file'];
  if (user === null && typeof passwordFile === 'string') {
    throw new UsageError('--user is required with --password-file: the account the password is for.');
  }
  const check = checkRequestPart(mailSettingsBody, 'body', {
    host: required(flags, 'host'),
    port: Number.isInteger(port) ? port : flags.port,
    security: flags.security,
    username: user,
    // Left out with --user: the stored one, while it is that server's and user's (checked below, before saving).
    password:
      typeof passwordFile === 'string' ? readPasswordFile(passwordFile) : user === null ? null : undefined,
    from_address: required(flags, 'from'),
    from_name: flags['from-name'],
    reply_to: flags['reply-to'],
    public_url: required(flags, 'public-url'),
  });
  if (!check.ok) {
    const [field, problems] = Object.entries(check.errors)[0]!;
    throw new UsageError(`${MAIL_FLAGS[field] ?? field}: ${problems[0]}`);
  }
  const body = check.value;
  const saved = withStore(dataDir, (store) => {
    const organization = organizationBySlug(store, slug);
    const mail = cliMail(store);
    const current = mail.settingsOf(organization.id);
    if (user !== null && body.security !== 'none' && passwordKept(current, mailServerOf(body)) === null) {
      // Said before saving, never dropped behind the owner's back: the password belongs to its host.
      throw new UsageError(
        current?.password
          ? `--password-file is required: the stored password is for ${current.host}:${current.port} ` +
              `(${current.security}) as ${current.username}, and it does not follow a new host, port, security ` +
              'or user.'
          : '--password-file is required with --user: the file holding its password.',
      );
    }
    return mail.saveSettings(organization.id, {
      ...mailServerOf(body),
      // Set in the dashboard; kept as they are.
      mailKioskRegistrations: current?.mailKioskRegistrations ?? false,
      mailImports: current?.mailImports ?? false,
      maxPerMinute: current?.maxPerMinute ?? null,
    });
  });
  io.out(
    `Mail for ${slug}: ${saved.host}:${saved.port} (${saved.security})${saved.username ? ` as ${saved.username}` : ''}, ` +
      `from ${saved.fromAddress}; ticket links start with ${saved.publicUrl}.`,
  );
  return 0;
}

/** `arrivals mail test`: sends a test email now and shows what the mail server answered. */
async function mailTest(dataDir: string, flags: Flags, io: Io): Promise<number> {
  const slug = required(flags, 'org');
  const to = required(flags, 'to');
  if (!isValidEmail(to)) throw new UsageError(`--to "${to}" is not a valid email address.`);
  const outcome = await withStoreAsync(dataDir, async (store) =>
    cliMail(store).sendTest(organizationBySlug(store, slug).id, to),
  );
  if (!outcome.ok && outcome.reason === 'too_many') {
    throw new UsageError(
      `At most ${TEST_MAILS_PER_HOUR} test emails an hour can be sent for ${slug}: try again in ` +
        `${Math.ceil(outcome.retryAfterSeconds / 60)} minutes.`,
    );
  }
  if (!outcome.ok) throw new UsageError(`Mail is not set up for ${slug}: run arrivals mail set first.`);
  if (outcome.sent) {
    io.out(`Sent to ${to}. The mail server answered: ${outcome.reply ?? '(nothing)'}`);
    return 0;
  }
  io.err(
    `arrivals: the mail server did not take the test email: ${outcome.reply ?? outcome.detail ?? 'no answer'}`,
  );
  if (outcome.hint) io.err(TEST_MAIL_HINT_TEXT[outcome.hint]);
  return 1;
}
