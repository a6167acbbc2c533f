import type { Db } from '../database.ts';
import { sql as initial } from './001_initial.ts';
import { sql as staff } from './002_staff.ts';
import { sql as webhooks } from './003_webhooks.ts';
import { sql as outboxShared } from './004_outbox_shared.ts';
import { sql as statusBeforeNoShow } from './005_status_before_no_show.ts';
import { addCheckinCodes } from './007_checkin_codes.ts';
import { sql as sync } from './009_sync.ts';

/** SQL to run, or a step in TypeScript for what SQL cannot do (drawing random codes for existing rows). */
export type Migration = string | ((db: Db) => void);

/**
 * Every migration, in the order it is applied. `PRAGMA user_version` records how many have run, so a migration
 * merged after others have shipped goes last whatever its number (007 came after 009).
 */
export const migrations: readonly Migration[] = [
  initial,
  staff,
  webhooks,
  outboxShared,
  statusBeforeNoShow,
  sync,
  addCheckinCodes,
];
