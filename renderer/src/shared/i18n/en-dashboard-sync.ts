/** The dashboard's Kiosks & sync page (part of the English catalogue, en.ts). */
const count = (n: number) => n.toLocaleString('en-US');

export const syncEn = {
  title: 'Kiosks & sync',
  intro:
    'Kiosks paired with this hub keep registering and checking in while the hub or the Wi-Fi is away, and send their changes when they are back. Pair a kiosk with a code, see when each one was last in touch and what waits, and look at the conflicts sync settled.',
  upstream: {
    title: 'Follow an online server',
    intro:
      'If people register online before the event, this hub can follow that online Arrivals server: download its events here before the doors open, and registrations and check-ins then flow both ways whenever the internet is up. The same from the command line: `npx arrivals upstream connect`.',
    url: 'Address of the online server',
    urlHint: 'For example https://tickets.example.org',
    token: 'API token',
    tokenHint:
      'Create one on the online server under Developers, API Tokens, with the sync scope. It is sent once, to connect, and not kept here.',
    find: 'Find events',
    finding: 'Finding events…',
    events: 'Events to download',
    eventsHint: 'The events this token covers on the online server.',
    eventDetail: (startsAt: string | null, attendees: number) =>
      `${startsAt ? `Starts ${startsAt}` : 'No start date'}, ${count(attendees)} ${attendees === 1 ? 'attendee' : 'attendees'}`,
    noEvents: 'This token covers no events on the online server.',
    pickEvents: 'Pick at least one event.',
    download: 'Download',
    connecting: 'Connecting…',
    connectedNotice: 'Connected. The events are downloading.',

    following: 'This hub follows',
    followedEvents: 'Events followed',
    eventCount: (n: number) => `${n} ${n === 1 ? 'event' : 'events'}`,
    progressLabel: 'Download from the online server',
    progressWaiting: 'Waiting for the online server’s first answer.',
    progressValue: (pulled: number, latest: number) =>
      `${count(pulled)} of ${count(latest)} changes downloaded`,
    downloading: 'Downloading',
    upToDate: 'Up to date',
    readiness: 'Readiness',
    attendeesHere: 'Attendees here',
    lastSync: 'Last sync',
    notYet: 'not yet',
    waitingUp: 'Changes waiting to go up',
    waitingDown: 'Changes waiting to come down',
    unknown: 'not known yet',
    online: 'Online server',
    reachable: 'reachable',
    unreachable: 'not reachable',
    statusFailed: 'How ready the venue is could not be read just now; trying again.',
  },

  pairTitle: 'Pair a kiosk',
  pairIntro: (hub: string) =>
    `Pick the events the kiosk serves, then enter the code on the kiosk’s staff screen, or run \`npx arrivals device pair --hub ${hub} --code CODE\` on it. A code pairs one kiosk and lasts 10 minutes.`,
  pairEvents: 'Events the kiosk serves',
  pairSubmit: 'Get a pairing code',
  pairNoEvents: 'Pick at least one event.',
  codeHeading: 'Pairing code',
  codeExpires: (time: string) => `Valid until ${time}, for one kiosk.`,

  venue: {
    title: 'Desks of the venue',
    intro:
      'The hub and every paired kiosk serve the desk and the kiosk screens. When a server stops, the pages opened on it carry on through one that works, and come back when it returns; staff can also open the desk of any that works.',
    server: 'Server',
    desk: 'Desk address',
    state: 'Now',
    lastContact: 'Last contact with the hub',
    hub: 'hub',
    kiosk: 'kiosk',
    noAddress: 'not known yet',
    asking: 'asking…',
    working: 'works',
    notAnswering: 'not answering',
    never: 'never',
  },

  devicesTitle: 'Paired kiosks',
  refresh: 'Refresh',
  noDevices: 'No kiosk is paired yet.',
  device: {
    name: 'Kiosk',
    lastContact: 'Last contact',
    never: 'never',
    waiting: 'Changes waiting',
    lag: 'Behind by',
    lagValue: (n: number) => (n === 0 ? 'up to date' : `${n} ${n === 1 ? 'change' : 'changes'}`),
    clock: 'Clock',
    clockValue: (ms: number | null) =>
      ms === null
        ? '—'
        : Math.abs(ms) < 2000
          ? 'in time'
          : `${ms > 0 ? 'behind' : 'ahead'} by ${formatOffset(Math.abs(ms))}`,
    revoked: 'revoked',
    venue: 'venue hub',
    revoke: 'Revoke',
    confirmRevokeTitle: 'Revoke this kiosk?',
    confirmRevoke: (name: string) =>
      `${name} can no longer sync with this hub. Changes it still holds stay on it until it is paired again.`,
    revokedNotice: (name: string) => `${name} was revoked.`,
  },

  conflictsTitle: 'Conflicts sync settled',
  conflictsIntro:
    'When kiosks that were cut off changed the same person, sync decided by these rules. Nothing was lost; look and acknowledge.',
  noConflicts: 'No conflicts to look at.',
  showAcknowledged: 'Show acknowledged ones too',
  conflict: {
    when: 'When',
    who: 'Attendee',
    what: 'What happened',
    kiosk: 'Kiosk',
    acknowledge: 'Acknowledge',
    acknowledged: 'Acknowledged',
  },
};

function formatOffset(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
}
