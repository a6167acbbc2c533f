import type { AttendeeStatus } from '../contract/vocabulary.ts';

export interface AttendeeRecord {
  id: number;
  uuid: string;
  eventId: number;
  userId: number | null;
  email: string;
  name: string;
  answers: Record<string, string>;
  status: AttendeeStatus;
  registeredAt: string;
  checkedInAt: string | null;
  /** While a no-show: the status it had before (pending or confirmed), which the public side still shows. */
  statusBeforeNoShow: 'pending' | 'confirmed' | null;
  /** What the registration's QR code carries (`ARV1:<code>`): scanned at a kiosk or the desk, it checks them in. */
  checkinCode: string;
  /** The op that checked the attendee in: what an undo names (sync/sync.types.ts). */
  checkinOpId: string | null;
}

/** What the authenticated lookup (and every attendee notification) shows of an attendee, besides its event. */
export type AttendeeSummary = Pick<
  AttendeeRecord,
  'uuid' | 'name' | 'email' | 'status' | 'registeredAt' | 'checkedInAt'
>;
