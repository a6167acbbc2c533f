import type { CheckInTime } from './refusal-types.ts';

/**
 * The server's own words that the dashboard shows (server/platform/messages.ts), in English byte for byte: they are
 * also how ./refusals.ts (`serverText`) recognises a message, so an English dashboard shows each as it came and a
 * French one its translation. A unit test holds them equal to the server's. A message with a value (a time, a number,
 * an address) is a function of it; the value is put back into the translation. The refusals a kiosk meets too are
 * the kiosk's (`refusals` in ./en.ts), recognised with their status.
 */
export const serverEn = {
  accessDenied: 'Access denied.',
  invalidData: 'The given data was invalid.',
  attendeeNotFound: 'Attendee not found.',
  userNotFound: 'User not found.',
  registered: 'Registration successful.',
  registeredPendingApproval: 'Registration received. It is awaiting approval.',
  cannotCancelAfterCheckIn: 'Cannot cancel after check-in.',
  alreadyCancelled: 'Registration is already cancelled.',
  staffCannotCancel: 'Cannot cancel registration. Attendee has already checked in.',
  staffCancelled: 'Attendee registration has been cancelled.',
  cannotMarkNoShow: 'Cannot mark as no show. Attendee has already checked in.',
  cannotMarkCancelledNoShow: 'Cannot mark as no show. Registration is cancelled.',
  markedNoShow: 'Attendee marked as no show.',
  bulkNoShowDone: 'Bulk no-show completed.',
  signInRequired: 'Please sign in.',
  ownersOnly: 'Only organization owners can do this.',
  originRefused: 'This request must come from the Arrivals dashboard itself.',
  hostRefused:
    'This server does not answer to that name. Open the dashboard at its address, or allow the name with --allowed-host.',
  invalidCredentials: 'These credentials do not match our records.',
  alreadySetUp: 'Arrivals is already set up. Please sign in.',
  wrongSetupCode:
    "This setup code is not right. It is shown where Arrivals was started: on its console, or on the desktop app's staff screen.",
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
  /** `said`: the time as the server wrote it; `local`: the same time as the language on screen writes it. */
  alreadyCheckedInStaff: ({ said }: CheckInTime) => `Already checked in at ${said}.`,
  importInvalid: 'Some rows are invalid. Nothing was imported.',
  importFull: (available: string) => `Not enough seats: ${available} left.`,
  bulkCountChanged: 'The number of attendees to mark changed. Please review and confirm again.',
  webhookNotFound: 'Webhook endpoint not found.',
  deliveryNotFound: 'Delivery not found.',
  webhookDeleted: 'Webhook endpoint deleted.',
  webhookLimitReached: (max: string) => `An organization can have at most ${max} webhook endpoints.`,
  webhookDisabled: 'This webhook endpoint is disabled. Enable it first.',
  webhookTestQueued: 'Test notification queued.',
  redeliveryQueued: 'Redelivery queued.',
  lanIntegrationNotFound: 'LAN integration not found.',
  lanIntegrationRemoved: 'LAN integration removed.',
  deviceNotFound: 'Device not found.',
  deviceRevoked: 'Device revoked. Its sync requests fail from now on.',
  conflictNotFound: 'Conflict not found.',
  conflictAcknowledged: 'Conflict acknowledged.',
  syncScopeMissing: 'This token does not have the sync scope. Create a token with it on the online server.',
  eventNotCovered: (eventId: string) => `This token does not cover the event ${eventId}.`,
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
  mailNotConfigured: 'Mail is not set up for this organization. An owner sets up its mail server first.',
  mailNotSentHere:
    'This hub follows an online server, which sends the mail of this event: resend it from the online server.',
  mailJobRunning: 'Tickets are already being sent for this event.',
  nothingToSend: 'Every confirmed registration has already been sent its ticket.',
  resendCancelled: 'This registration is cancelled: it has no ticket to send.',
  resendPending: 'This registration is awaiting approval: its ticket is sent once it is approved.',
  ticketQueued: 'The ticket is on its way.',
  testMailSent: 'The test email was sent.',
  testMailRefused: 'The mail server did not take the test email.',
  mailSettingsRemoved: 'Mail settings removed. Nothing more is mailed.',
  mailSettingsNotFound: 'Mail is not set up for this organization.',
  routeNotFound: 'Not found.',
  payloadTooLarge: 'The request body is too large.',
};
