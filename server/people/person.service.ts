import { toTimestamp } from '../platform/time.ts';
import type { Store } from '../store.ts';
import { applyUserInput } from './person.input.ts';
import type { SaveUserResult } from './person.types.ts';
import type { UserInput } from './person.schemas.ts';
import type { UserRecord } from './person.types.ts';

/** People and their public profiles, shared by the token API and the dashboard. */
export function personService(store: Store) {
  const { repos, clock } = store;

  /** A person of the organization; another organization's is null here, as if there were none. */
  function findPerson(organizationId: number, uuid: string): UserRecord | null {
    return repos.users.findInOrganization(organizationId, uuid);
  }

  /** Whoever owns a profile code (what a profile QR code carries). */
  function findByProfileCode(code: string): UserRecord | null {
    return repos.users.findByProfileCode(code);
  }

  function listPeople(organizationId: number): UserRecord[] {
    return repos.users.listForOrganization(organizationId);
  }

  function createPerson(organizationId: number, input: UserInput & { email: string }): SaveUserResult {
    return repos.users.create(organizationId, applyUserInput(null, input), toTimestamp(clock.now()));
  }

  /** Applies only the keys present. */
  function updatePerson(person: UserRecord, input: UserInput): SaveUserResult {
    return repos.users.update(person.id, applyUserInput(person, input), toTimestamp(clock.now()));
  }

  return { findPerson, findByProfileCode, listPeople, createPerson, updatePerson };
}

export type PersonService = ReturnType<typeof personService>;
