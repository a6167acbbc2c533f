/**
 * Every message the interface document fixes, to the letter, and the ones we chose where it shows none (those are
 * listed in server/README.md). One place, so the wording is never retyped.
 */
export const messages = {
  validationFailed: 'Validation failed.',
  invalidData: 'The given data was invalid.',

  tokenRequired: 'API token required.',
  tokenInvalid: 'Invalid API token.',
  tokenExpired: 'API token has expired.',
  tokenLacksPermission: 'Token does not have required permissions.',
  accessDenied: 'Access denied.',

  eventNotAvailable: 'Event not found or not available.',
  eventNotFound: 'Event not found.',
  attendeeNotFound: 'Attendee not found.',
  userNotFound: 'User not found.',
  notRegistered: 'You are not registered for this event.',
  profileNotFound: 'Profile not found.',
  profilePrivate: 'This profile is private.',

  registrationClosed: 'Registration is closed for this event.',
  alreadyRegistered: 'You are already registered for this event.',
  registered: 'Registration successful.',
  registeredPendingApproval: 'Registration received. It is awaiting approval.',

  checkInNotAvailable: 'Check-in is not available for this event.',
  selfCheckInDisabled: 'Self check-in is not enabled for this event. Please check in with event staff.',
  alreadyCheckedInAt: (when: string) => `You have already checked in at ${when}.`,
  checkInPendingApproval: 'Your registration is awaiting approval. Please check in with event staff.',
  checkInCanceled: 'Your registration has been cancelled. Please see event staff.',
  checkedIn: 'Check-in successful.',

  emailRequired: 'Email is required.',

  cannotCancelAfterCheckIn: 'Cannot cancel after check-in.',
  alreadyCancelled: 'Registration is already cancelled.',
  cancelled: 'Your registration has been cancelled.',
  staffCannotCancel: 'Cannot cancel registration. Attendee has already checked in.',
  staffCancelled: 'Attendee registration has been cancelled.',

  cannotMarkNoShow: 'Cannot mark as no show. Attendee has already checked in.',
  cannotMarkCancelledNoShow: 'Cannot mark as no show. Registration is cancelled.',
  markedNoShow: 'Attendee marked as no show.',
  bulkNoShowDone: 'Bulk no-show completed.',
  bulkReasonNotFound: 'Attendee not found.',
  bulkReasonCheckedIn: 'Attendee has already checked in.',
  bulkReasonCancelled: 'Registration is cancelled.',

  signInRequired: 'Please sign in.',
  ownersOnly: 'Only organization owners can do this.',
  originRefused: 'This request must come from the Arrivals dashboard itself.',
  invalidCredentials: 'These credentials do not match our records.',
  alreadySetUp: 'Arrivals is already set up. Please sign in.',
  signedOut: 'Signed out.',
  lastOwner: 'An organization needs at least one owner.',
  cannotRemoveSelf: 'You cannot remove your own account.',
  staffNotFound: 'Staff member not found.',
  tokenNotFound: 'Token not found.',
  staffCheckedIn: 'Checked in.',
  checkInUndone: 'Check-in undone.',
  approved: 'Registration approved.',
  notCheckedIn: 'This attendee is not checked in.',
  notPending: 'Only pending registrations can be approved.',
  checkInCanceledStaff: 'This registration is cancelled.',
  checkInPendingStaff: 'This registration is awaiting approval. Approve it first.',
  alreadyCheckedInStaff: (when: string) => `Already checked in at ${when}.`,
  eventFull: 'The event is full.',
  importFull: (available: number) => `Not enough seats: ${available} left.`,
  importInvalid: 'Some rows are invalid. Nothing was imported.',
  imported: (count: number) => `Imported ${count} attendees.`,
  bulkCountChanged: 'The number of attendees to mark changed. Please review and confirm again.',

  tooManyAttempts: 'Too Many Attempts.',
  tooManyProfileRequests: 'Too many requests. Please wait before trying again.',

  routeNotFound: 'Not found.',
  malformedJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'Unsupported media type. Send JSON with Content-Type: application/json.',
  payloadTooLarge: 'The request body is too large.',
  serverError: 'Something went wrong on our side. Please try again.',
} as const;
