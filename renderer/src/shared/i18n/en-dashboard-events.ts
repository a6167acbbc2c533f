/** The dashboard's events pages' words (part of the English catalogue, en.ts). */
import type { Schema } from '../api/types.ts';
const quoted = (name: string) => `“${name}”`;

export const eventsEn = {
  title: 'Events',
  intro: 'Every event of your organization. Open an event’s desk to check people in.',
  introOwner:
    'Every event of your organization. Create and edit events, publish them to their kiosks, and open their desks.',
  newEvent: 'New event',
  none: 'No events yet.',
  noneOwner: 'No events yet. Create the first with “New event”.',

  list: {
    event: 'Event',
    when: 'When',
    status: 'Status',
    attendees: 'Attendees',
    actions: 'Actions',
    noDates: 'No dates set',
    published: 'Published',
    draft: 'Not published',
    registrationOpen: 'Registration open',
    registrationClosed: 'Registration closed',
    attendeesOf: (count: number, seats: number) => `${count} of ${seats} seats`,
    attendeesCount: (count: number) => `${count}`,
    /** The attendees cell's name on a phone, where the list's columns are cards. */
    attendeesLabel: 'Attendees',
    desk: 'Desk',
    edit: 'Edit',
    publish: 'Publish',
    unpublish: 'Unpublish',
    openKiosk: 'Open kiosk',
    showKioskLink: 'Kiosk link',
    showEventPage: 'Event page',
    publishedNotice: (name: string) => `${quoted(name)} is published: its kiosk takes registrations.`,
    unpublishedNotice: (name: string) => `${quoted(name)} is unpublished: its kiosk is closed.`,
  },

  badges: {
    heading: 'Name badges',
    layout: 'Layout',
    layouts: {
      classic: 'Classic: name, company, ticket type and QR code, one above the other',
      side_qr: 'Wide: the QR code beside the name, for landscape labels',
      name_only: 'Name only: a large name and company, no QR code',
    } satisfies Record<Schema<'BadgeSettings'>['layout'], string>,
    names: { classic: 'Classic', side_qr: 'Wide', name_only: 'Name only' } satisfies Record<
      Schema<'BadgeSettings'>['layout'],
      string
    >,
    preview: (layout: string) => `Badge preview: ${layout}`,
    sampleName: 'Hélène Fontaine',
    sampleCompany: 'Nestlé',
    save: 'Save badge layout',
    unsaved: 'Not saved yet',
    saved: (layout: string) => `Badges now print as: ${layout}.`,
  },

  brand: {
    heading: 'Logo and colour',
    intro:
      'Shown on the kiosk and printed on badges. The colour is for buttons; check-in results keep their colours.',
    accent: 'Accent colour',
    accentHint: 'White text must stay readable on it: a colour too light is refused.',
    saveAccent: 'Save colour',
    resetAccent: 'Use the kiosk’s own colour',
    accentSaved: 'The kiosk uses this colour from its next visitor on.',
    accentReset: 'The kiosk uses its own colour again.',
    logo: 'Logo',
    logoHint: 'A PNG or JPEG of at most 256 KiB.',
    logoAlt: 'The event’s logo',
    noLogo: 'No logo yet.',
    logoSaved: 'Logo saved.',
    removeLogo: 'Remove logo',
    logoRemoved: 'Logo removed.',
  },

  kioskLink: {
    heading: 'Kiosk link',
    label: 'Kiosk address',
    hint: 'Open this address on the kiosk, or scan the code with a tablet. Registration works while the event is published.',
    qrAlt: (name: string) => `QR code of the kiosk link of ${name}`,
    afterSave: 'The kiosk link and its QR code appear here once the event is saved.',
  },

  /** The event's public registration page (`/e/{event}`), for people's own phones. */
  eventPage: {
    heading: 'Event page',
    label: 'Event page address',
    hint: 'People register here on their own phones. Put it on your website and in your emails, or print its QR code on a poster.',
    qrAlt: (name: string) => `QR code of the event page of ${name}`,
    open: 'Open the page',
    printPoster: 'Print a poster',
    posterCall: 'Register: scan this code with your phone',
    problems: (n: number) =>
      n === 1
        ? 'One thing stops this page taking registrations:'
        : `${n} things stop this page taking registrations:`,
    allGood: 'The page takes registrations.',
    published: 'Published: the page shows the event.',
    notPublished: 'Not published: the page says the event is not available. Publish it, then save.',
    registrationClosed: 'Registration is closed: the page shows the event but takes no one.',
    afterSave: 'The event page’s link and its QR code appear here once the event is saved.',
  },

  /** A link handed to other devices: the kiosk's, the event page's. */
  share: {
    copy: 'Copy link',
    copied: 'Link copied.',
    copyFailed: 'Could not copy: select the link and copy it by hand.',
    noNetwork:
      'Other devices cannot open this address: this computer has no address on the venue’s network, so the link works on this computer only. Connect it to the network to hand the link out.',
    thisMachineOnly:
      'Other devices cannot open this address: Arrivals takes connections from this computer only (started with --host 127.0.0.1, or as a kiosk on its own). Run it as the venue’s hub, or with arrivals serve, for phones to reach it.',
  },

  readiness: {
    heading: 'Before you hand out the link',
    problems: (n: number) =>
      n === 1 ? 'One thing stops this kiosk working:' : `${n} things stop this kiosk working:`,
    allGood: 'The kiosk is ready.',
    published: 'Published: the kiosk shows the event.',
    notPublished:
      'Not published: the kiosk says the event is not available and takes no one. Publish it, then save.',
    registrationOpen: 'Registration is open.',
    registrationClosed: 'Registration is closed: the kiosk only checks people in.',
    checkInOff: 'Check-in is off: nobody can check in, at the kiosk or the desk. Choose when check-in opens.',
    checkInAnyTime:
      'Check-in is open any time: someone registering from home can check in before arriving. Choose when check-in opens.',
    checkInOpensAt: (time: string) => `Check-in opens ${time}; the kiosk says so until then.`,
    checkInOpen: 'Check-in is open.',
    checkInClosed: (time: string) => `Check-in closed ${time}.`,
    noSelfCheckIn: 'People cannot check themselves in: only the desk checks people in.',
    noStart: 'No start date: the kiosk cannot say when the event is.',
    tones: { ok: 'Ready', warning: 'Check', problem: 'Missing' } as Record<string, string>,
  },

  editor: {
    newTitle: 'New event',
    editTitle: (name: string) => `Edit ${quoted(name)}`,
    intro:
      'Dates and times are on the clocks of the event’s time zone. The preview shows the kiosk form as you edit.',
    desk: 'Attendee desk',
    openKiosk: 'Open kiosk',
    formLabel: 'Event settings',
    save: 'Save event',
    create: 'Create event',
    created: (name: string) => `${quoted(name)} was created.`,
    saved: (name: string) => `${quoted(name)} was saved.`,
    fixProblems: 'The event was not saved: please fix the problems marked on the form.',
    unsaved: 'You have unsaved changes.',
  },

  details: {
    heading: 'Event',
    name: 'Name',
    description: 'Description',
    location: 'Location',
    timezone: 'Time zone',
    timezoneHint: 'Every date and time of this event is on this zone’s clocks.',
    startsAt: 'Starts',
    endsAt: 'Ends',
    zoneHint: (zone: string) => `Time in ${zone}.`,
  },

  registration: {
    heading: 'Registration',
    seats: 'Seats',
    seatsHint: 'Leave empty for unlimited.',
    requiresApproval: 'New registrations wait for approval',
    requiresApprovalHint: 'Staff approve them on the desk before people can check in.',
    opensAt: 'Registration opens',
    opensAtHint: 'Leave empty to open as soon as the event is published.',
    closesAt: 'Registration closes',
    closesAtHint: 'Leave empty to close when the event ends.',
    published: 'Published',
    publishedHint: 'Kiosks show a published event and take registrations for it. Saving applies it.',
    publishedState: 'Published: its kiosks take registrations and check-ins.',
    notPublishedState: 'Not published: its kiosks show nothing and take no one.',
    redirectUrl: 'Redirect URL',
    redirectUrlHint:
      'Optional: after registering, people get a QR code of this address. It must contain {code}, which becomes their attendee code.',
    redirectUrlMissingCode: 'This address has no {code} yet: add it where the attendee code belongs.',
  },

  checkIn: {
    heading: 'Check-in',
    period: 'When can people check in?',
    periods: {
      disabled: 'Not at all: check-in is off',
      immediate: 'Any time',
      starts_on: 'From a date and time',
      date_range: 'Between two dates and times',
    } as Record<string, string>,
    startsAt: 'Check-in opens',
    followsEvent: 'An hour before the event starts, until you set it here.',
    endsAt: 'Check-in closes',
    allowSelfCheckin: 'People can check themselves in at the kiosk',
    allowSelfCheckinHint: 'When off, staff check people in at the desk.',
  },

  fields: {
    heading: 'Registration form',
    intro:
      'The fields of the kiosk’s registration form, in order. The form needs a required email field (key email, type email): people check in with it.',
    add: 'Add a field',
    field: (position: number) => `Field ${position}`,
    unnamed: 'new field',
    label: 'Label',
    labelFr: 'Label in French',
    labelFrHint: 'Shown on the French event page, kiosk and email. Empty: the label above.',
    key: 'Key',
    keyHint: 'Names the answer in exports and the API: a-z, 0-9 and _, starting with a letter.',
    type: 'Type',
    required: 'Required',
    types: {
      text: 'Text',
      email: 'Email',
      phone: 'Phone',
      date: 'Date',
      textarea: 'Long text',
      select: 'Choice list',
    } as Record<string, string>,
    moveUp: 'Move up',
    moveDown: 'Move down',
    remove: 'Remove',
    moved: (label: string, position: number, total: number) =>
      `${label} moved to position ${position} of ${total}.`,
    removed: (label: string) => `${label} removed.`,
    options: 'Options',
    optionsHint: 'The value is saved; the label is what people see, in French the French label if given.',
    noOptions: 'No options yet: add the first one people can pick.',
    optionValue: 'Value',
    optionLabel: 'Label',
    optionLabelFr: 'Label in French',
    optionValueOf: (position: number) => `Option ${position} value`,
    optionLabelOf: (position: number) => `Option ${position} label`,
    optionLabelFrOf: (position: number) => `Option ${position} label in French`,
    addOption: 'Add an option',
    removeOption: (position: number) => `Remove option ${position}`,
  },

  preview: {
    heading: 'Kiosk preview',
    intro: 'The registration form as the kiosk shows it. Try it: nothing is sent.',
    untitledEvent: 'this event',
    unnamedField: 'Unnamed field',
  },

  defaultFields: {
    email: 'Email',
    first_name: 'First name',
    last_name: 'Last name',
    company: 'Company',
  },
  /** The same fields' labels in French, so a new event's French page and kiosk say "Prénom" from the start. */
  defaultFieldsFr: {
    email: 'Adresse e-mail',
    first_name: 'Prénom',
    last_name: 'Nom',
    company: 'Société',
  },
};
