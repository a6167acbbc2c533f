import type { UserInput } from './person.schemas.ts';
import type { UserProfile } from './person.types.ts';

/** A profile from a create body, or an existing one with a PATCH body's keys applied. */
export function applyUserInput(base: UserProfile | null, input: UserInput & { email?: string }): UserProfile {
  const has = (key: keyof UserInput) => Object.hasOwn(input, key) && input[key] !== undefined;
  const current: UserProfile = base ?? {
    email: '',
    firstName: null,
    lastName: null,
    phone: null,
    birthday: null,
    address: null,
    employment: null,
    profilePublic: false,
    publicFields: [],
  };
  return {
    email: input.email ?? current.email,
    firstName: has('first_name') ? input.first_name! : current.firstName,
    lastName: has('last_name') ? input.last_name! : current.lastName,
    phone: has('phone') ? input.phone! : current.phone,
    birthday: has('birthday') ? input.birthday! : current.birthday,
    address: Object.hasOwn(input, 'address') ? (input.address ?? null) : current.address,
    employment: Object.hasOwn(input, 'employment') ? (input.employment ?? null) : current.employment,
    profilePublic: input.profile_public ?? current.profilePublic,
    publicFields: input.public_fields ? [...new Set(input.public_fields)] : current.publicFields,
  };
}
