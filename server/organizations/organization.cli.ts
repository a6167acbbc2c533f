import { organizationService } from './organization.service.ts';
import {
  FLAG,
  required,
  UsageError,
  withStore,
  type CliCommand,
  type Flags,
  type Io,
} from '../cli/command.ts';
import type { Store } from '../store.ts';

export const organizationCommands: readonly CliCommand[] = [
  {
    name: 'org create',
    help: [{ synopsis: ['--name NAME --slug SLUG'], summary: ['create an organization'] }],
    flags: { name: FLAG.value, slug: FLAG.value },
    run: ({ dataDir, flags, io }) => orgCreate(dataDir, flags, io),
  },
];

/** The organization a command's `--org SLUG` names. */
export function organizationBySlug(store: Store, slug: string) {
  const organization = organizationService(store).findOrganizationBySlug(slug);
  if (!organization) throw new UsageError(`No organization with slug "${slug}".`);
  return organization;
}

function orgCreate(dataDir: string, flags: Flags, io: Io): number {
  const name = required(flags, 'name');
  const slug = required(flags, 'slug');
  const outcome = withStore(dataDir, (store) => organizationService(store).createOrganization(name, slug));
  if (!outcome.ok) {
    throw new UsageError(
      outcome.reason === 'invalid_slug'
        ? '--slug may use only a-z, 0-9 and single dashes, like "city-hall".'
        : `An organization with slug "${slug}" already exists.`,
    );
  }
  io.out(`Created organization ${outcome.organization.name} (${outcome.organization.slug}).`);
  return 0;
}
