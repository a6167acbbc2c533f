import type { z } from 'zod';
import { toTimestamp } from '../platform/time.ts';
import type {
  insideResponse,
  kioskListResponse,
  kioskScanResponse,
  listSchema,
  scanResponse,
  scanSchema,
} from './list.schemas.ts';
import {
  currentRules,
  type CheckInListRecord,
  type InsideRow,
  type ListView,
  type ScanOutcome,
} from './list.types.ts';
import type { ScanRecord } from './scan.rules.ts';

const at = (iso: string) => toTimestamp(new Date(iso));

export function presentList({ list, insideNow }: ListView): z.input<typeof listSchema> {
  const rules = currentRules(list);
  return {
    id: list.uuid,
    name: list.name,
    is_default: list.isDefault,
    admits: rules.admits,
    windows: rules.windows,
    entry_rule: rules.entryRule,
    exits_scanned: rules.exitsScanned,
    auto_checkout_at: rules.autoCheckoutAt,
    capacity: rules.capacity,
    inside_now: insideNow,
    created_at: list.createdAt,
    updated_at: list.updatedAt,
  };
}

/** A recorded scan as history, the export's source and webhooks show it. */
export function presentScan(scan: ScanRecord): z.input<typeof scanSchema> {
  return {
    id: scan.id,
    list: { id: scan.list.uuid, name: scan.list.name },
    direction: scan.direction,
    result: scan.result,
    scanned_at: at(scan.at),
    via: scan.via,
    device: scan.device && { id: scan.device.uuid, name: scan.device.name },
    staff: scan.staff,
    forced: scan.forced,
    duplicate: scan.duplicate,
    over_capacity: scan.overCapacity,
    undone: scan.undone,
  };
}

function scanResultFields(outcome: ScanOutcome) {
  return {
    result: outcome.result,
    accepted: outcome.accepted,
    forced: outcome.forced,
    direction: outcome.direction,
    scan_id: outcome.scanId,
    scanned_at: at(outcome.scannedAt),
    list: { id: outcome.list.uuid, name: outcome.list.name },
    entered_at: outcome.enteredAt === null ? null : at(outcome.enteredAt),
    belongs_to: outcome.belongsTo.map((list) => ({ id: list.uuid, name: list.name })),
    opens_at: outcome.opensAt === null ? null : at(outcome.opensAt),
    inside_now: outcome.insideNow,
    capacity: outcome.capacity,
  };
}

/** A scan's answer for staff and the token API: the person as the desk knows them. */
export function presentScanOutcome(outcome: ScanOutcome): z.input<typeof scanResponse>['data'] {
  const { attendee } = outcome;
  return {
    ...scanResultFields(outcome),
    attendee: attendee && {
      id: attendee.uuid,
      name: attendee.name,
      company: attendee.answers.company || null,
      status: attendee.status,
      checked_in_at: attendee.checkedInAt,
    },
  };
}

/** A scan's answer at a kiosk: the name and company only, what the screen at the door shows. */
export function presentKioskScanOutcome(outcome: ScanOutcome): z.input<typeof kioskScanResponse>['data'] {
  const { attendee } = outcome;
  return {
    ...scanResultFields(outcome),
    attendee: attendee && { name: attendee.name, company: attendee.answers.company || null },
  };
}

export function presentKioskList(
  list: CheckInListRecord,
  opensAt: string | null,
): z.input<typeof kioskListResponse>['data'] {
  const rules = currentRules(list);
  return {
    id: list.uuid,
    name: list.name,
    exits_scanned: rules.exitsScanned,
    windows: rules.windows,
    opens_at: opensAt === null ? null : at(opensAt),
  };
}

export function presentInside(row: InsideRow): z.input<typeof insideResponse>['data'][number] {
  return { id: row.uuid, name: row.name, email: row.email, entered_at: at(row.enteredAt) };
}
