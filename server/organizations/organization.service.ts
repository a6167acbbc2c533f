import { SLUG_PATTERN } from '../access/setup.rules.ts';
import { toTimestamp } from '../platform/time.ts';
import type { Store } from '../store.ts';
import type { Organization } from './organization.types.ts';

export type CreateOrganizationOutcome =
  { ok: true; organization: Organization } | { ok: false; reason: 'invalid_slug' | 'slug_taken' };

/** Organizations: the CLI creates them (the dashboard's first-run setup makes its own), everyone reads them. */
export function organizationService(store: Store) {
  const { repos, clock } = store;

  function findOrganization(id: number): Organization | null {
    return repos.organizations.findById(id);
  }

  function findOrganizationBySlug(slug: string): Organization | null {
    return repos.organizations.findBySlug(slug);
  }

  function listOrganizations(): Organization[] {
    return repos.organizations.list();
  }

  function createOrganization(name: string, slug: string): CreateOrganizationOutcome {
    if (!SLUG_PATTERN.test(slug)) return { ok: false, reason: 'invalid_slug' };
    const organization = repos.organizations.create(name, slug, toTimestamp(clock.now()));
    return organization ? { ok: true, organization } : { ok: false, reason: 'slug_taken' };
  }

  return { findOrganization, findOrganizationBySlug, listOrganizations, createOrganization };
}

export type OrganizationService = ReturnType<typeof organizationService>;
