import type { Address, Employment, ProfileField } from '../contract/vocabulary.ts';

export interface UserProfile {
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  birthday: string | null;
  address: Address | null;
  employment: Employment | null;
  profilePublic: boolean;
  publicFields: ProfileField[];
}

export interface UserRecord extends UserProfile {
  id: number;
  uuid: string;
  organizationId: number;
  profileCode: string;
  createdAt: string;
  updatedAt: string;
}

/** Saving a person: the email is unique in the organization. */
export type SaveUserResult = { ok: true; user: UserRecord } | { ok: false; reason: 'email_taken' };
