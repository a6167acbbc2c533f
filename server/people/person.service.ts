import type { Clock } from '../platform/clock.ts';
import { toTimestamp } from '../platform/time.ts';
import type { UserRecord } from '../platform/types.ts';
import type { Repositories } from '../store.ts';
import type { SaveUserResult } from './person.repository.ts';
import { applyUserInput, type UserInput } from './person.schemas.ts';

/** People and their public profiles, shared by the token API and the dashboard. */
export function userService(repos: Repositories, clock: Clock) {
  return {
    create: (organizationId: number, input: UserInput & { email: string }): SaveUserResult =>
      repos.users.create(organizationId, applyUserInput(null, input), toTimestamp(clock.now())),
    update: (user: UserRecord, input: UserInput): SaveUserResult =>
      repos.users.update(user.id, applyUserInput(user, input), toTimestamp(clock.now())),
  };
}

export type UserService = ReturnType<typeof userService>;
