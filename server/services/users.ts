import type { Clock } from '../clock.ts';
import { toTimestamp } from '../domain/time.ts';
import type { UserRecord } from '../domain/types.ts';
import type { Repositories } from '../repositories/index.ts';
import type { SaveUserResult } from '../repositories/users.ts';
import { applyUserInput, type UserInput } from '../schemas/users.ts';

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
