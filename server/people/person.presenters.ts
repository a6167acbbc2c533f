import type { z } from 'zod';
import type { userSchema } from './person.schemas.ts';
import type { UserRecord } from './person.types.ts';

export function presentUser(user: UserRecord): z.input<typeof userSchema> {
  return {
    id: user.uuid,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    birthday: user.birthday,
    address: user.address,
    employment: user.employment,
    profile_public: user.profilePublic,
    public_fields: user.publicFields,
    profile_code: user.profileCode,
    created_at: user.createdAt,
    updated_at: user.updatedAt,
  };
}
