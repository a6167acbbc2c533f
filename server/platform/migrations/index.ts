import type { Db } from '../database.ts';
import { sql as initial } from './001_initial.ts';
import { sql as staff } from './002_staff.ts';
import { sql as webhooks } from './003_webhooks.ts';
import { sql as outboxShared } from './004_outbox_shared.ts';
import { sql as statusBeforeNoShow } from './005_status_before_no_show.ts';
import { sql as sync } from './006_sync.ts';
import { sql as lanIntegrations } from './007_lan_integrations.ts';
import { addCheckinCodes } from './008_checkin_codes.ts';
import { deskSearchAndBrand } from './009_desk_search_and_brand.ts';
import { sql as eventBrand } from './010_event_brand.ts';
import { sql as checkInMarks } from './011_check_in_marks.ts';
import { sql as importsUnderWay } from './012_imports_under_way.ts';
import { sql as mergedRegistrations } from './013_merged_registrations.ts';
import { sql as outboxBySeq } from './014_outbox_by_seq.ts';
import { sql as noShowFor } from './015_no_show_for.ts';
import { sql as outboxAckedThrough } from './016_outbox_acked_through.ts';
import { attendeeLedger } from './017_attendee_ledger.ts';
import { sql as ticketsAndMail } from './020_tickets_and_mail.ts';
import { sql as failover } from './024_failover.ts';
import { sql as scopedFeed } from './027_scoped_feed.ts';
import { sql as offlineSignIn } from './028_offline_sign_in.ts';
import { sql as nameCheckIns } from './029_name_check_ins.ts';
import { sql as mailCaps } from './030_mail_caps.ts';
import { nameTypoKeys } from './031_name_typo_keys.ts';
import { checkInLists } from './032_check_in_lists.ts';
import { sql as mailBounces } from './033_mail_bounces.ts';
import { sql as attendeeEdits } from './034_attendee_edits.ts';
import { sql as lighterWrites } from './035_lighter_writes.ts';
import { sql as bulkFactRevisions } from './036_bulk_fact_revisions.ts';

/** SQL to run, or a step in TypeScript for what SQL cannot do (drawing random codes, folding text for search). */
export type Migration = string | ((db: Db) => void);

/**
 * Every migration, in the order it is applied. `PRAGMA user_version` records how many have run; the file
 * numbers follow this order.
 */
export const migrations: readonly Migration[] = [
  initial,
  staff,
  webhooks,
  outboxShared,
  statusBeforeNoShow,
  sync,
  lanIntegrations,
  addCheckinCodes,
  deskSearchAndBrand,
  eventBrand,
  checkInMarks,
  importsUnderWay,
  mergedRegistrations,
  outboxBySeq,
  noShowFor,
  outboxAckedThrough,
  attendeeLedger,
  ticketsAndMail,
  failover,
  scopedFeed,
  offlineSignIn,
  nameCheckIns,
  mailCaps,
  nameTypoKeys,
  checkInLists,
  mailBounces,
  attendeeEdits,
  lighterWrites,
  bulkFactRevisions,
];
