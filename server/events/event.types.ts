import type { CheckinPeriodType, RegistrationField } from '../contract/vocabulary.ts';

/** The settings of an event that staff choose; everything else on `EventRecord` the system keeps. */
export interface EventSettings {
  name: string;
  description: string;
  startsAt: string | null;
  endsAt: string | null;
  location: string | null;
  timezone: string;
  seats: number | null;
  requiresApproval: boolean;
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
  isPublished: boolean;
  checkinPeriodType: CheckinPeriodType;
  checkinStartsAt: string | null;
  checkinEndsAt: string | null;
  allowSelfCheckin: boolean;
  redirectUrl: string | null;
  registrationFields: RegistrationField[];
}

export interface EventRecord extends EventSettings {
  id: number;
  uuid: string;
  organizationId: number;
  /** Non-cancelled attendees. */
  attendeesCount: number;
  createdAt: string;
  updatedAt: string;
}
