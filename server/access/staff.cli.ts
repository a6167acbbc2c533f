import fs from 'node:fs';
import { MIN_PASSWORD_LENGTH } from './passwords.ts';
import { staffService } from './staff.service.ts';
import {
  FLAG,
  required,
  UsageError,
  withStoreAsync,
  type CliCommand,
  type Flags,
  type Io,
} from '../cli/command.ts';
import { STAFF_ROLES, type StaffRole } from '../contract/vocabulary.ts';
import { organizationBySlug } from '../organizations/organization.cli.ts';
import { isValidEmail } from '../platform/email.ts';

export const staffCommands: readonly CliCommand[] = [
  {
    name: 'staff create',
    help: [
      {
        synopsis: ['--org SLUG --name NAME --email EMAIL [--role owner|staff] [--password-file FILE]'],
        summary: [
          'create a dashboard account; the password is read from stdin',
          '(or the file); the role defaults to owner while the organization',
          'has none, else staff',
        ],
      },
    ],
    flags: {
      org: FLAG.value,
      name: FLAG.value,
      email: FLAG.value,
      role: FLAG.value,
      'password-file': FLAG.value,
    },
    run: ({ dataDir, flags, io }) => staffCreate(dataDir, flags, io),
  },
];

async function readProcessStdin(): Promise<string | null> {
  if (process.stdin.isTTY) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * One password, from `--password-file` or stdin. One trailing line break (what `echo` and editors add) is not part
 * of it.
 */
async function readPassword(flags: Flags, io: Io): Promise<string> {
  const file = flags['password-file'];
  let text: string | null;
  if (typeof file === 'string') {
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw new UsageError(`--password-file: ${(error as Error).message}`);
    }
  } else {
    text = await (io.readStdin ?? readProcessStdin)();
    // Typed at a terminal it would be echoed on screen and kept in the scrollback.
    if (text === null) throw new UsageError('Pipe the password on stdin, or pass --password-file FILE.');
  }
  const password = text.replace(/\r?\n$/, '');
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new UsageError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (password.length > 1024) throw new UsageError('The password must not be longer than 1024 characters.');
  return password;
}

async function staffCreate(dataDir: string, flags: Flags, io: Io): Promise<number> {
  const slug = required(flags, 'org');
  const name = required(flags, 'name');
  if (name.length > 255) throw new UsageError('--name must not be longer than 255 characters.');
  const email = required(flags, 'email');
  if (!isValidEmail(email)) throw new UsageError(`--email "${email}" is not a valid email address.`);
  const role = flags.role as string | undefined;
  if (role !== undefined && !STAFF_ROLES.includes(role as StaffRole)) {
    throw new UsageError(`--role must be one of ${STAFF_ROLES.join(', ')}.`);
  }
  const password = await readPassword(flags, io);
  const created = await withStoreAsync(dataDir, async (store) => {
    const organization = organizationBySlug(store, slug);
    const staff = staffService(store);
    const hasOwner = staff.listStaff(organization.id).some((account) => account.role === 'owner');
    const outcome = await staff.createStaff(organization.id, {
      name,
      email,
      password,
      role: (role as StaffRole | undefined) ?? (hasOwner ? 'staff' : 'owner'),
    });
    return outcome.ok ? { ...outcome, organization } : outcome;
  });
  if (!created.ok) throw new UsageError(`A staff account with email ${email} already exists.`);
  io.out(
    `Created ${created.staff.role} ${created.staff.name} <${created.staff.email}> in ${created.organization.name} (${created.organization.slug}).`,
  );
  return 0;
}
