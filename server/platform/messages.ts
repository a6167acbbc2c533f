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
  logoNotFound: 'This event has no logo.',
  noBadgeYet: 'No checked-in registration of this event matches: check in first.',
  attendeeNotFound: 'Attendee not found.',
  organizationNotFound: 'Organization not found.',
  userNotFound: 'User not found.',
  notRegistered: 'You are not registered for this event.',
  profileNotFound: 'Profile not found.',
  profilePrivate: 'This profile is private.',

  registrationClosed: 'Registration is closed for this event.',
  alreadyRegistered: 'You are already registered for this event.',
  attendeeUpdated: 'Attendee updated.',
  cannotEditCancelled: 'Cannot edit. Registration is cancelled.',
  ticketEmailUpdated: 'Your email address has been corrected. Your ticket is on its way there.',
  ticketEmailLocked:
    'This ticket’s email address can no longer be corrected here. Please contact the organizer.',
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
  hostRefused:
    'This server does not answer to that name. Open the dashboard at its address, or allow the name with --allowed-host.',
  invalidCredentials: 'These credentials do not match our records.',
  alreadySetUp: 'Arrivals is already set up. Please sign in.',
  wrongSetupCode:
    "This setup code is not right. It is shown where Arrivals was started: on its console, or on the desktop app's staff screen.",
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
  codeNotFound: 'No registration for this event has this code.',
  findExpired: 'This search has expired. Please search for your name again.',
  findNotConfirmed: 'That is not the email address of this registration. Please see event staff.',
  findKioskPaused: 'Too many wrong answers at this kiosk. Please see event staff.',
  eventFull: 'The event is full.',
  importFull: (available: number) => `Not enough seats: ${available} left.`,
  importInvalid: 'Some rows are invalid. Nothing was imported.',
  imported: (count: number) => `Imported ${count} attendees.`,
  importedSome: (count: number, skipped: number) =>
    `Imported ${count} attendees. ${skipped} ${skipped === 1 ? 'row was' : 'rows were'} left out: see why below.`,
  bulkCountChanged: 'The number of attendees to mark changed. Please review and confirm again.',

  webhookNotFound: 'Webhook endpoint not found.',
  deliveryNotFound: 'Delivery not found.',
  webhookDeleted: 'Webhook endpoint deleted.',
  webhookLimitReached: (max: number) => `An organization can have at most ${max} webhook endpoints.`,
  webhookDisabled: 'This webhook endpoint is disabled. Enable it first.',
  webhookTestQueued: 'Test notification queued.',
  redeliveryQueued: 'Redelivery queued.',
  lanIntegrationNotFound: 'LAN integration not found.',
  lanIntegrationRemoved: 'LAN integration removed.',

  tooManyAttempts: 'Too Many Attempts.',
  tooManyProfileRequests: 'Too many requests. Please wait before trying again.',

  deviceNotPaired: 'This device is not paired with this hub. Pair it again with a pairing code.',
  deviceNotFound: 'Device not found.',
  deviceRevoked: 'Device revoked. Its sync requests fail from now on.',
  pairingCodeInvalid: 'This pairing code is not valid. Ask for a new one on the hub.',
  pairingCodeExpired: 'This pairing code has expired. Ask for a new one on the hub.',
  conflictNotFound: 'Conflict not found.',
  conflictAcknowledged: 'Conflict acknowledged.',
  syncScopeMissing: 'This token does not have the sync scope. Create a token with it on the online server.',
  eventNotCovered: (eventId: string) => `This token does not cover the event ${eventId}.`,
  schemaMismatch: (ours: number, theirs: number) =>
    `This server runs schema version ${ours} and the venue runs ${theirs}. Run the same Arrivals version on both.`,
  upstreamAlreadyConnected: (url: string) => `This hub already follows ${url}.`,
  upstreamInvalidUrl:
    'Enter the online server’s address, starting with https:// (or http:// on a test network).',
  upstreamUnreachable: (detail: string) => `The online server could not be reached: ${detail}`,
  upstreamRefused: (message: string) => `The online server refused: ${message}`,
  importWhileFollowing:
    'This hub follows an online server: import the file there, and the attendees reach this venue from it.',
  upstreamConnected: 'Connected. The events are downloading.',
  upstreamHubNotEmpty:
    'This hub holds registrations of its own. Follow an online server from a hub without any (a new data directory).',
  upstreamNotArrivals: 'This address does not answer as an Arrivals server of this version.',
  upstreamOrganizationTaken:
    'This hub already holds an organization with the online server’s organization’s identity. Follow it from a hub without it (a new data directory).',
  hubSignInNeeded: 'Sign in again while the hub can be reached to manage events, people and settings.',
  roamingTicketRefused: 'This move to another desk could not sign you in here. Please sign in.',
  noVenueCertificate:
    'This server has no venue certificate. Start it with --https to make one (arrivals serve --https).',

  ticketNotFound: 'This ticket link is not valid. Open the link in your latest email from the organizer.',
  eventHasNoDate: 'This event has no date yet, so there is nothing to add to a calendar.',
  mailNotConfigured: 'Mail is not set up for this organization. An owner sets up its mail server first.',
  mailNotSentHere:
    'This hub follows an online server, which sends the mail of this event: resend it from the online server.',
  mailJobRunning: 'Tickets are already being sent for this event.',
  nothingToSend: 'Every confirmed registration has already been sent its ticket.',
  resendCancelled: 'This registration is cancelled: it has no ticket to send.',
  resendPending: 'This registration is awaiting approval: its ticket is sent once it is approved.',
  ticketQueued: 'The ticket is on its way.',
  ticketsQueued: (count: number) => `Sending ${count} ${count === 1 ? 'ticket' : 'tickets'}.`,
  testMailSent: 'The test email was sent.',
  testMailRefused: 'The mail server did not take the test email.',
  mailSettingsRemoved: 'Mail settings removed. Nothing more is mailed.',
  mailSettingsNotFound: 'Mail is not set up for this organization.',
  // The numbers are mail.rules.ts's TEST_MAILS_PER_HOUR and RESENDS_PER_HOUR.
  tooManyTestMails: 'At most 10 test emails an hour can be sent for an organization. Please try again later.',
  tooManyResends: 'This ticket was resent 3 times in the last hour. Please try again later.',
  // The same whatever the address: it must not tell who is registered (server/README.md).
  ticketAgainQueued:
    'If this email address is registered for this event, its ticket is on its way to it. It can take a few minutes.',
  nothingWaiting: 'No mail is waiting to be sent to this person.',
  mailRetrying: (count: number) =>
    count === 0
      ? 'No mail is waiting to be sent.'
      : `Trying ${count === 1 ? 'the mail' : `the ${count} mails`} waiting again now.`,

  checkInListNotFound: 'Check-in list not found.',
  tooManyCheckInLists: 'An event can have at most 100 check-in lists.',
  defaultListFixed:
    "The default list keeps the event's check-in rules: only its name, exits_scanned and auto_checkout_at can change.",
  defaultListUndeletable: 'The default list cannot be deleted.',
  checkInListDeleted: 'Check-in list deleted.',
  exitsNotScanned: 'This list does not scan exits.',
  scanAdmitted: (name: string) => `Welcome, ${name}.`,
  scanReentered: (name: string) => `Welcome back, ${name}.`,
  scanExitRecorded: (name: string) => `Goodbye, ${name}.`,
  scanNotOnList: (list: string) => `Not on ${list}.`,
  scanNotOnListGoTo: (list: string, others: string) => `Not on ${list}. Go to ${others}.`,
  scanOpensAt: (list: string, when: string) => `${list} opens at ${when}.`,
  scanClosed: (list: string) => `${list} is closed now.`,
  scanAlreadyEntered: (when: string) => `Already entered at ${when}.`,
  scanFull: (list: string) => `${list} is full.`,

  routeNotFound: 'Not found.',
  badUrl: 'The request URL is not valid.',
  urlTooLong: 'The request URL is too long.',
  malformedRequest: 'The request is not valid HTTP.',
  requestTimeout: 'The request took too long to arrive.',
  headersTooLarge: 'The request headers are too large.',
  shuttingDown: 'The server is shutting down. Please try again in a moment.',
  malformedJson: 'The request body is not valid JSON.',
  forbiddenJsonKey: 'The request body may not contain the keys __proto__ or constructor.prototype.',
  unsupportedMediaType: 'Unsupported media type. Send JSON with Content-Type: application/json.',
  unsupportedContentEncoding: 'Unsupported content encoding. Send the JSON body uncompressed.',
  payloadTooLarge: 'The request body is too large.',
  serverError: 'Something went wrong on our side. Please try again.',
} as const;
