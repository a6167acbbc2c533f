/**
 * Check-in lists' words in English (issue 38): the event editor's "Check-in lists", the desk's scanning on a list,
 * who is inside now (desk and Sync page) and a person's scans.
 */
const count = (n: number) => n.toLocaleString('en-US');
const people = (n: number) => (n === 1 ? '1 person' : `${count(n)} people`);

export const listsEn = {
  heading: 'Check-in lists',
  intro:
    'Each door scans on a list: who it admits, when, how often, whether exits are scanned, and how many may be inside at once. Every event has its main entrance, which keeps the event’s check-in rules; add a list for a workshop, a day or a gate.',
  /** Beside the default list's name, which is the organizer's own (made as `Main entrance`, renamable). */
  default: 'Default list',
  defaultFixed:
    'This list keeps the event’s check-in rules (everyone, whenever check-in is open, once each, no limit): only its name, exits and automatic check-out can change.',
  add: 'Add a check-in list',
  edit: 'Edit',
  delete: 'Delete',
  confirmDeleteTitle: 'Delete this check-in list?',
  confirmDelete: (name: string) =>
    `Delete ${name}? Its kiosks stop working. Its scans stay in people’s history under its name.`,
  deleted: (name: string) => `${name} was deleted.`,
  saved: (name: string) => `${name} was saved.`,
  created: (name: string) => `${name} was added.`,
  none: 'No check-in lists yet.',
  exportCsv: 'Export scans (CSV)',
  openKiosk: 'Open a kiosk on this list',
  openEntryKiosk: 'Open an entry kiosk',
  openExitKiosk: 'Open an exit kiosk',
  kioskHint:
    'A kiosk opened from these links scans on this list only, and shows its name; its address keeps the list (and the way, entry or exit), so a tablet can be left on it.',

  /** Each rule in plain words, as a list's summary says it. */
  explain: {
    everyone: 'Admits everyone registered.',
    admits: (field: string, values: string) => `Admits only people whose ${field} is ${values}.`,
    anyTime: 'Open whenever the event’s check-in is open.',
    windows: (spans: string) => `Open ${spans}, within the event’s check-in period.`,
    once: 'Admits each person once: a second scan is refused as already entered.',
    once_per_day: 'Admits each person once a day (days start at midnight on the event’s clock).',
    every_time: 'Admits each person every time they are scanned.',
    exits: 'Exits are scanned: someone who left may come back in, and is no longer counted inside.',
    noExits: 'Exits are not scanned.',
    autoCheckout: (time: string) => `Everyone still inside is checked out each day at ${time}.`,
    capacity: (n: number) => `At most ${people(n)} inside at once; then it says it is full.`,
    noCapacity: 'No limit on how many are inside.',
    insideNow: (n: number, capacity: number | null) =>
      capacity === null ? `${people(n)} inside now.` : `${count(n)} of ${count(capacity)} inside now.`,
  },

  form: {
    newTitle: 'New check-in list',
    editTitle: (name: string) => `Edit ${name}`,
    name: 'Name',
    nameHint:
      'What the door’s kiosk shows, and what people are told to look for: “Workshop A”, “Day 2”, “North gate”.',
    admits: 'Who it admits',
    admitsEveryone: 'Everyone registered',
    admitsSome: 'Only people whose answer to a choice question is one of these',
    admitsField: 'Choice question',
    admitsValues: 'Answers it admits',
    noChoiceFields:
      'This event’s form has no choice question: add one (“Workshop”, “Ticket type”) to admit only some people.',
    windows: 'When it is open',
    windowsHint: (zone: string) =>
      `On the event’s clock (${zone}). No window: open whenever the event’s check-in is open.`,
    from: 'From',
    until: 'Until',
    addWindow: 'Add a time window',
    removeWindow: (n: number) => `Remove window ${n}`,
    entryRule: 'How often a person may enter',
    entryRules: {
      once: 'Once',
      once_per_day: 'Once a day',
      every_time: 'Every time',
    },
    exitsScanned: 'Scan exits',
    exitsScannedHint:
      'Kiosks can be opened for exits: who is inside is counted, and someone who left may come back in.',
    autoCheckout: 'Check everyone out each day at',
    autoCheckoutHint: 'On the event’s clock; empty for never. Counts everyone still inside as gone.',
    capacity: 'Capacity',
    capacityHint: 'How many people may be inside at once; empty for no limit.',
    save: 'Save list',
    create: 'Add list',
  },

  /** Scanning on a list at the desk. */
  scan: {
    on: 'Scan for',
    mainCheckIn: 'Check-in (main entrance, as always)',
    direction: 'Way',
    directions: { entry: 'Entry', exit: 'Exit' },
    submit: 'Scan',
    force: 'Admit anyway',
    forcedNote: 'Admitted by staff over the list’s rules (recorded as forced).',
    titles: {
      admitted: 'Admitted',
      reentered: 'Admitted again',
      exit_recorded: 'Exit recorded',
      unknown_code: 'No registration has this code',
      canceled: 'Cancelled registration',
      pending: 'Awaiting approval',
      not_on_list: 'Not on this list',
      not_now: 'Not open now',
      already_entered: 'Already entered',
      full: 'Full',
    },
    forcedTitle: 'Admitted (forced)',
    welcome: (name: string, list: string) => `${name} may enter ${list}.`,
    welcomeBack: (name: string, list: string) => `${name} may enter ${list} again.`,
    goodbye: (name: string, list: string) => `${name} left ${list}.`,
    notOnList: (name: string, list: string, elsewhere: string | null) =>
      elsewhere ? `${name} is not on ${list}: send them to ${elsewhere}.` : `${name} is not on ${list}.`,
    opensAt: (list: string, when: string) => `${list} opens at ${when}.`,
    closed: (list: string) => `${list} is closed now.`,
    alreadyEntered: (name: string, when: string) => `${name} already entered at ${when}.`,
    full: (list: string, capacity: number | null) =>
      capacity === null ? `${list} is full.` : `${list} is full: ${people(capacity)} inside.`,
    unknownCode: 'No registration for this event has this code.',
    canceled: (name: string) => `${name}’s registration is cancelled.`,
    pending: (name: string) => `${name}’s registration awaits approval.`,
    or: 'or',
  },

  inside: {
    heading: 'Inside now',
    event: 'At the event',
    eventHint: 'People inside at least one list, each counted once.',
    ofCapacity: (n: number, capacity: number) => `${count(n)} of ${count(capacity)}`,
    full: 'Full',
    chartTitle: (list: string) => `${list}: inside over the last 12 hours`,
    chartEventTitle: 'The event: inside over the last 12 hours',
    chartEmpty: 'Nobody has been inside yet.',
    chartSummary: (now: number, most: number, at: string) =>
      `${people(now)} inside now; at most ${count(most)}, at ${at}.`,
    at: 'At',
    inside: 'Inside',
    eventPick: 'Event',
    noEvents: 'No events yet.',
  },

  history: {
    button: 'Scans',
    title: (name: string) => `Scans of ${name}`,
    empty: 'No scans yet.',
    list: 'List',
    way: 'Way',
    when: 'When',
    by: 'By',
    notes: 'Notes',
    directions: { entry: 'Entry', exit: 'Exit' },
    results: { admitted: 'admitted', reentered: 'came back in', exit_recorded: 'left' },
    vias: {
      kiosk: 'Kiosk',
      self: 'Self check-in',
      desk: 'Staff',
      api: 'Integration (API)',
      auto: 'Automatic check-out',
    },
    forced: 'Forced',
    duplicate: 'Duplicate: not counted',
    overCapacity: 'Over capacity',
    undone: 'Undone',
    close: 'Close',
  },
};

export type ListsWords = typeof listsEn;
