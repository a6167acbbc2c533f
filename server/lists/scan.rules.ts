import type { AttendeeFact, ScanDetail } from '../attendees/ledger.rules.ts';
import type { RecordedScanResult, ScanDirection, ScanVia } from '../contract/vocabulary.ts';
import { derivedUuid } from '../platform/derived-id.ts';
import type { CheckInPayload, CheckInVia, ScanPayload } from '../sync/sync.types.ts';
import type { AutoExit, ScanVerdict } from './entry.rules.ts';

/**
 * How a recorded scan reads in a person's history, a list's export and a webhook: one record per check-in or scan
 * fact, and per automatic check-out the entry rules derive (entry.rules.ts).
 */
export interface ScanRecord {
  /** The scan's id as a UUID: its op id, or derived from it (check-ins of before op ids were hex). */
  id: string;
  list: { uuid: string; name: string };
  direction: ScanDirection;
  result: RecordedScanResult;
  /** When it was made (on the hub's clock), to the millisecond. */
  at: string;
  via: ScanVia;
  device: { uuid: string; name: string } | null;
  staff: { id: string; name: string } | null;
  forced: boolean;
  duplicate: boolean;
  overCapacity: boolean;
  undone: boolean;
}

/** An op id as a scan's UUID: 128 bits of hex as they are; anything else (check-ins migrated from before) derived. */
export function scanIdOf(opId: string): string {
  if (/^[0-9a-f]{32}$/.test(opId)) {
    return `${opId.slice(0, 8)}-${opId.slice(8, 12)}-${opId.slice(12, 16)}-${opId.slice(16, 20)}-${opId.slice(20)}`;
  }
  return derivedUuid('scan', opId);
}

/** How a check-in made through today's doors was made, as history says it (`via` of a check-in op). */
export function viaOfCheckIn(via: CheckInVia): ScanVia {
  return via === 'scan' ? 'kiosk' : via;
}

/** The other way: how a check-in op says it was made (a kiosk's scanner is `scan` to every hub version). */
export function checkInViaOf(via: Exclude<ScanVia, 'auto'>): CheckInVia {
  return via === 'kiosk' ? 'scan' : via;
}

/**
 * The detail of a check-in (an entry on the default list) from its op's payload: what the node that made it records,
 * and what every node that applies the op records, alike.
 */
export function checkInDetail(payload: Omit<CheckInPayload, 'event' | 'attendee'>): ScanDetail {
  return {
    list: null,
    direction: 'entry',
    via: viaOfCheckIn(payload.via),
    staff: payload.staff ?? null,
    forced: payload.forced ?? false,
    result: payload.result ?? 'admitted',
  };
}

/** The detail of a scan on a list from its op's payload, as `checkInDetail`. */
export function scanDetail(payload: Omit<ScanPayload, 'event' | 'attendee'>): ScanDetail {
  return {
    list: payload.list.toLowerCase(),
    direction: payload.direction,
    via: payload.via,
    staff: payload.staff ?? null,
    forced: payload.forced ?? false,
    result: payload.result ?? (payload.direction === 'exit' ? 'exit_recorded' : 'admitted'),
  };
}

/**
 * A check-in recorded before lists had a detail: made at a kiosk when a device sent it, else at the hub's desk or
 * screens (which the hub did not note).
 */
export function detailOf(
  fact: Pick<AttendeeFact, 'detail' | 'kind'> & { device: string | null },
): ScanDetail {
  return (
    (fact.detail && 'direction' in fact.detail ? fact.detail : null) ?? {
      list: null,
      direction: 'entry',
      via: fact.device === null ? 'desk' : 'kiosk',
      staff: null,
      forced: false,
      result: 'admitted',
    }
  );
}

/** A kiosk's name where it is not known here (a replica knows only its hub's word for other kiosks). */
export const unnamedDevice = (uuid: string): string => `Kiosk ${uuid.slice(0, 8)}`;

/** A recorded check-in or scan as history shows it. */
export function scanRecordOf(
  fact: Pick<AttendeeFact, 'opId' | 'at' | 'kind' | 'detail'> & { device: string | null },
  list: { uuid: string; name: string },
  verdict: ScanVerdict | undefined,
  undone: boolean,
  deviceName: (uuid: string) => string | null = () => null,
): ScanRecord {
  const detail = detailOf(fact);
  return {
    id: scanIdOf(fact.opId),
    list,
    direction: detail.direction,
    result: detail.result,
    at: fact.at,
    via: detail.via,
    device:
      fact.device === null
        ? null
        : {
            uuid: fact.device,
            name: detail.device_name ?? deviceName(fact.device) ?? unnamedDevice(fact.device),
          },
    staff: detail.staff,
    forced: detail.forced,
    duplicate: verdict?.duplicate ?? false,
    overCapacity: detail.over_capacity === true,
    undone,
  };
}

/** An automatic check-out as history shows it: an exit every node derives alike. */
export function autoExitRecordOf(exit: AutoExit, list: { uuid: string; name: string }): ScanRecord {
  return {
    id: exit.id,
    list,
    direction: 'exit',
    result: 'exit_recorded',
    at: exit.at,
    via: 'auto',
    device: null,
    staff: null,
    forced: false,
    duplicate: false,
    overCapacity: false,
    undone: false,
  };
}
