import type { z } from 'zod';
import type { ApiTokenRecord, StaffAccount } from './access.types.ts';
import type { staffSchema, tokenSchema } from './access.schemas.ts';

export const presentStaff = (staff: StaffAccount): z.input<typeof staffSchema> => ({
  id: staff.uuid,
  name: staff.name,
  email: staff.email,
  role: staff.role,
  created_at: staff.createdAt,
});

export const presentToken = (token: ApiTokenRecord): z.input<typeof tokenSchema> => ({
  id: token.id,
  name: token.name,
  scopes: token.scopes,
  event_ids: token.eventIds,
  created_at: token.createdAt,
  last_used_at: token.lastUsedAt,
  expires_at: token.expiresAt,
});
