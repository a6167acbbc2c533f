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
  /** The password set for this account here; on a device, for an account its hub's feed made, `NO_PASSWORD_HERE`. */
  passwordHash: string;
  /**
   * The offline credential (access/passwords.ts `hashOfflinePassword`): on a hub, made for staff whenever it holds
   * their password, and what its devices get; on a device, what its hub sent. Null for owners.
   */
  offlineHash: string | null;
  role: StaffRole;
  createdAt: string;
  updatedAt: string;
}
