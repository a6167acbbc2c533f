import { TOKEN_EXPIRIES, type TokenExpiry } from './api-token.rules.ts';
import { apiTokenService } from './api-token.service.ts';
import {
  FLAG,
  list,
  required,
  UsageError,
  withStore,
  type CliCommand,
  type Flags,
  type Io,
} from '../cli/command.ts';
import { TOKEN_SCOPES, type TokenScope } from '../contract/vocabulary.ts';
import { organizationBySlug } from '../organizations/organization.cli.ts';

export const tokenCommands: readonly CliCommand[] = [
  {
    name: 'token create',
    help: [
      {
        synopsis: [
          '--org SLUG --name NAME [--expires 7d|30d|90d|1y|never] [--scopes a,b] [--events UUID,UUID]',
        ],
        summary: ['create an API token and print it (shown once)'],
      },
    ],
    flags: { org: FLAG.value, name: FLAG.value, expires: FLAG.value, scopes: FLAG.value, events: FLAG.value },
    run: ({ dataDir, flags, io }) => tokenCreate(dataDir, flags, io),
  },
  {
    name: 'token list',
    help: [{ synopsis: ['--org SLUG'], summary: ['list tokens: name, created, last used, expires'] }],
    flags: { org: FLAG.value },
    run: ({ dataDir, flags, io }) => tokenList(dataDir, flags, io),
  },
  {
    name: 'token delete',
    help: [{ synopsis: ['--org SLUG --name NAME'], summary: ['delete a token; it stops working at once'] }],
    flags: { org: FLAG.value, name: FLAG.value },
    run: ({ dataDir, flags, io }) => tokenDelete(dataDir, flags, io),
  },
];

function tokenCreate(dataDir: string, flags: Flags, io: Io): number {
  const slug = required(flags, 'org');
  const name = required(flags, 'name');
  if (name.length > 255) throw new UsageError('--name must not be longer than 255 characters.');
  const expires = (flags.expires as string | undefined) ?? '90d';
  if (!TOKEN_EXPIRIES.includes(expires as TokenExpiry)) {
    throw new UsageError(`--expires must be one of ${TOKEN_EXPIRIES.join(', ')}.`);
  }
  const scopes = list(flags.scopes);
  const unknown = scopes.filter((s) => !TOKEN_SCOPES.includes(s as TokenScope));
  if (unknown.length > 0) {
    throw new UsageError(`Unknown scope "${unknown[0]}". Scopes: ${TOKEN_SCOPES.join(', ')}.`);
  }
  const result = withStore(dataDir, (store) =>
    apiTokenService(store).issueApiToken({
      organizationId: organizationBySlug(store, slug).id,
      name,
      expires: expires as TokenExpiry,
      scopes: scopes as TokenScope[],
      eventIds: list(flags.events),
    }),
  );
  if (!result.ok) {
    throw new UsageError(
      result.reason === 'name_taken'
        ? `A token named "${name}" already exists in ${slug}.`
        : `No event ${result.eventId} in ${slug}.`,
    );
  }
  io.out(result.token);
  return 0;
}

function tokenList(dataDir: string, flags: Flags, io: Io): number {
  const slug = required(flags, 'org');
  const tokens = withStore(dataDir, (store) =>
    apiTokenService(store).listApiTokens(organizationBySlug(store, slug).id),
  );
  if (tokens.length === 0) {
    io.out(`No tokens in ${slug}.`);
    return 0;
  }
  const rows = [
    ['NAME', 'CREATED', 'LAST USED', 'EXPIRES'],
    ...tokens.map((t) => [t.name, t.createdAt, t.lastUsedAt ?? 'never', t.expiresAt ?? 'never']),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    io.out(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
  return 0;
}

function tokenDelete(dataDir: string, flags: Flags, io: Io): number {
  const slug = required(flags, 'org');
  const name = required(flags, 'name');
  const deleted = withStore(dataDir, (store) =>
    apiTokenService(store).deleteApiTokenByName(organizationBySlug(store, slug).id, name),
  );
  if (!deleted) throw new UsageError(`No token named "${name}" in ${slug}.`);
  io.out(`Deleted token ${name}.`);
  return 0;
}
