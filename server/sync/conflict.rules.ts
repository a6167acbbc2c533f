/**
 * How the hub settles ops that met the same attendee, by rules that do not depend on the order ops arrive in
 * (docs/sync.md; sync/apply.service.ts applies them, and the replicas apply the same ones to their own pending ops).
 */

/** A check-in as the rules compare it: when (the hub's clock) and which op made it. */
export interface CheckInMark {
  at: string;
  opId: string;
}

/**
 * Two check-ins of one attendee: the earliest wins, ties to the lowest op id. The other is kept as a duplicate
 * scan, shown to staff.
 */
export function earlierCheckIn(a: CheckInMark, b: CheckInMark): CheckInMark {
  if (a.at !== b.at) return Date.parse(a.at) < Date.parse(b.at) ? a : b;
  return a.opId <= b.opId ? a : b;
}

/** A registration as the merge rule compares it. */
export interface RegistrationMark {
  uuid: string;
  registeredAt: string;
  opId: string;
}

/**
 * Two live registrations of one email: they merge into the earliest (registered first, ties to the lowest op id);
 * a registration the hub already had is earlier than any made while it was away. The later UUID keeps resolving to
 * the survivor.
 */
export function survivingRegistration(a: RegistrationMark, b: RegistrationMark): RegistrationMark {
  const at = (r: RegistrationMark) => Date.parse(r.registeredAt);
  if (at(a) !== at(b)) return at(a) < at(b) ? a : b;
  if (a.opId !== b.opId) return a.opId < b.opId ? a : b;
  return a.uuid <= b.uuid ? a : b;
}
