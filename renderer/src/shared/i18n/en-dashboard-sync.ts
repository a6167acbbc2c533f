/** The dashboard's Kiosks & sync page (part of the English catalogue, en.ts). */
export const syncEn = {
  title: 'Kiosks & sync',
  intro:
    'Kiosks paired with this hub keep registering and checking in while the hub or the Wi-Fi is away, and send their changes when they are back. Pair a kiosk with a code, see when each one was last in touch and what waits, and look at the conflicts sync settled.',
  pairTitle: 'Pair a kiosk',
  pairIntro:
    'Pick the events the kiosk serves, then enter the code on the kiosk’s staff screen, or run `npx arrivals device pair --hub THIS-ADDRESS --code CODE` on it. A code pairs one kiosk and lasts 10 minutes.',
  pairEvents: 'Events the kiosk serves',
  pairSubmit: 'Get a pairing code',
  pairNoEvents: 'Pick at least one event.',
  codeHeading: 'Pairing code',
  codeExpires: (time: string) => `Valid until ${time}, for one kiosk.`,

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
