import type { StaffRole, TokenScope } from '../contract/vocabulary.ts';

export interface ApiTokenRecord {
  id: number;
  organizationId: number;
  name: string;
  tokenHash: string;
  scopes: TokenScope[];
  /** Event UUIDs the token is restricted to; null means every event of the organization. */
  eventIds: string[] | null;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

export interface StaffAccount {
  id: number;
  uuid: string;
  organizationId: number;
  name: string;
  email: string;
  passwordHash: string;
  role: StaffRole;
  createdAt: string;
  updatedAt: string;
}
