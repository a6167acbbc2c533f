import { dashboardWords } from './dashboard-words.ts';
import type { DashboardWords } from './en-dashboard.ts';
import { serverEn } from './en-server.ts';
import type { CheckInTime, ServerFieldProblem } from './refusal-types.ts';

/**
 * A ticket used before, as a kiosk tells of it (kiosk/scan/scan-findings.ts): whose (the first name), when (in the
 * event's zone: the time alone on the day it happened, else the date and time), where, and the kiosk's name where
 * a paired kiosk made it.
 */
export type UsedTicketWords = [
  firstName: string | null,
  when: { text: string; sameDay: boolean },
  place: 'kiosk' | 'desk' | null,
  device: string | null,
];

/**
 * Every word the kiosk shows, in English. A second language is a sibling file typed `Catalogue` (./fr.ts) and
 * registered in ./index.ts; screens never hold text of their own. The server's messages reach the screen through
 * `refusals` below (./refusals.ts).
 */
export const en = {
  locale: 'en',

  language: {
    /** The language's name in itself, on the kiosk's language switch. */
    name: 'English',
    switchLabel: 'Language',
  },

  app: {
    name: 'Arrivals',
    loading: 'Loading…',
    unreachable: 'The Arrivals server cannot be reached right now. Please try again in a moment.',
    tryAgain: 'Try again',
    back: 'Back',
    done: 'Done',
    returningIn: (seconds: number) => `Returning to the start screen in ${seconds} s.`,
    stillThere: 'Still there?',
    stillThereMessage: (seconds: number) =>
      `What you typed will be cleared in ${seconds} s, for the next person's privacy.`,
    continue: 'Continue',
    pageNotFound: 'This page does not exist.',
    goToStart: 'Go to the start page',
    somethingWrong: 'Something went wrong. Please try again or ask event staff for help.',
  },

  hub: {
    lostTitle: 'No connection to the hub',
    lostMessage:
      'Registration and check-in are paused until the connection is back. It will come back on its own. Please see event staff.',
    offlineTitle: 'Working offline',
    offlineMessage: (waiting: number) =>
      waiting === 0
        ? 'Registration and check-in work as usual; they reach the hub when it is back.'
        : `${waiting} ${waiting === 1 ? 'change' : 'changes'} waiting. Registration and check-in work as usual; they reach the hub when it is back.`,
    /** The corner's discreet words for staff, while the kiosk works on by itself. */
    cornerOffline: (waiting: number) => (waiting === 0 ? 'Offline' : `Offline · ${waiting} waiting`),
    cornerHubLost: 'Hub unreachable',
    cornerServerLost: 'Server unreachable',
    cornerServerSlow: 'Server slow to answer',
    /** What attendees read while the kiosk cannot work: calm, and no word of hubs. */
    pausedTitle: 'One moment, please',
    pausedMessage: 'This kiosk is reconnecting. If it takes a while, please see event staff.',
    /** While the kiosk's server is slow to answer, which it waits for. */
    slowMessage: 'This kiosk is waiting for an answer. It carries on by itself.',
  },

  start: {
    title: 'Choose the event for this kiosk',
    intro: 'Staff: pick the event this kiosk runs. Attendees will see that event only.',
    organizationsTitle: 'Choose an organization',
    noEvents: 'There are no published events yet.',
    organizationNotFound: 'This organization does not exist.',
    dashboard: 'Staff dashboard: set up Arrivals, events, attendees and API tokens',
    when: (start: string, end: string | null) => (end ? `${start} – ${end}` : start),
    sound: 'Play a sound for each result on this device’s kiosks',
    eventPage: 'Its registration page, for people’s own phones',
  },

  home: {
    register: 'Register',
    registerHint: 'New here? Sign up for this event.',
    checkIn: 'Check in',
    checkInHint: 'Already registered? Check in with your email.',
    scan: 'Scan my code',
    scanHint: 'Show your check-in QR code or profile QR code to the camera.',
    scanned: 'Your scanned code',
    staffCheckIn: 'Please check in with event staff.',
    checkInOpens: ({ text, sameDay }: { text: string; sameDay: boolean }) =>
      sameDay ? `Opens at ${text}.` : `Opens on ${text}.`,
    registrationOpens: ({ text, sameDay }: { text: string; sameDay: boolean }) =>
      sameDay ? `Registration opens at ${text}.` : `Registration opens on ${text}.`,
    registrationClosed: 'Registration is closed. Please see event staff.',
    eventUnavailable: 'This event is not available.',
    chooseEvent: 'Choose another event',
    actions: 'What would you like to do?',
  },

  form: {
    requiredNote: 'Fields marked * are required.',
    requiredMark: '*',
    choose: 'Choose…',
    fixErrors: 'Please correct the fields marked below.',
    problem: {
      required: (label: string) => `Please fill in ${label}.`,
      too_long: (label: string, max: number) => `${label} can be at most ${max} characters.`,
      email: 'Please enter an email address like name@example.com.',
      date: 'Please enter a real date.',
      select: (label: string) => `Please choose one of the options for ${label}.`,
      single_line: (label: string) => `${label} must fit on one line.`,
      not_text: (label: string) =>
        `${label} holds characters that cannot be used here (invisible control or direction characters).`,
    },
  },

  register: {
    title: 'Register',
    intro: (event: string) => `Sign up for ${event}.`,
    fromProfile: 'We filled in what your profile shows. Please check it before you register.',
    checkTypedEmail:
      'We filled in the email address you typed, which found no registration. Please check it before you register.',
    submit: 'Register',
    submitting: 'Registering…',
    submitAndCheckIn: 'Register and check in',
    submittingAndCheckingIn: 'Registering and checking in…',
    notCheckedIn: 'You are registered, but you could not be checked in:',
    successTitle: (name: string) => `You're registered, ${name}!`,
    status: 'Status',
    statusName: {
      confirmed: 'Confirmed',
      pending: 'Pending approval',
      canceled: 'Cancelled',
      no_show: 'No-show',
    },
    pendingNote: 'Event staff will review your registration.',
    atTheDoor: 'At the door, check in with your email address.',
    redirectPrompt: 'Scan to continue on your phone',
    redirectImage: 'QR code to continue your registration on your phone',
    alreadyRegistered: 'Already registered',
    checkInInstead: 'Check in instead',
    closedTitle: 'Registration is closed',
  },

  checkIn: {
    title: 'Check in',
    intro: 'Enter the email address you registered with.',
    emailLabel: 'Email address',
    submit: 'Check in',
    submitting: 'Checking in…',
    successTitle: (name: string) => `Welcome, ${name}!`,
    checkedInAt: (time: string) => `Checked in at ${time}.`,
    alreadyTitle: 'Already checked in',
    notRegisteredTitle: 'Not registered',
    registerNow: 'Register now',
    refusedTitle: 'Check-in is not possible here',
    opensTitle: ({ text, sameDay }: { text: string; sameDay: boolean }) =>
      sameDay ? `Check-in opens at ${text}` : `Check-in opens on ${text}`,
    opensMessage: 'It is not open yet. Please come back then.',
    typoFormLabel: 'Correct your email address',
    typedLabel: 'The email address you typed',
    typedHint: 'Is there a typo? Correct it here and check in again.',
    notATypo: 'No typo? Find yourself by your name, or register now.',
    printBadge: 'Print my badge',
    printBadgeAgain: 'Print my badge again',
    printing: 'Printing…',
    printed: 'Your badge is printing. Please collect it from the printer.',
    printFailed: (reason: string) => `The badge could not be printed: ${reason} Please ask event staff.`,
  },

  findMe: {
    offer: 'Find me by name',
    title: 'Find me by name',
    intro: 'Enter your last name as you registered. If many people share it, add your first name.',
    nameLabel: 'Last name',
    submit: 'Search',
    submitting: 'Searching…',
    matchesTitle: 'Is one of these you?',
    matchesIntro: 'Only part of each email address is shown.',
    matchEmail: (masked: string) => `Email ${masked}`,
    noneTitle: 'Nobody by that name',
    none: 'We found no registration with that name. Check the spelling, or see event staff.',
    tooManyTitle: 'Many people have this name',
    tooMany: 'Please add your first name, or see event staff.',
    notMe: 'None of these is me',
    searchAgain: 'Search again',
    confirmTitle: 'Which is your email address?',
    confirmIntro: (name: string) => `To check in as ${name}, choose how your email address ends.`,
    domainChoices: 'How your email address ends',
    domain: (domain: string) => `…@${domain}`,
    confirming: 'Checking in…',
    expiredTitle: 'Please search again',
    staffOnly: (name: string) =>
      `${name} cannot be confirmed at this kiosk: its email address would be too easy to guess. Please see event staff.`,
  },

  scan: {
    title: 'Scan my code',
    intro: 'Hold your check-in QR code or your profile QR code up to the camera.',
    scannerHint: 'A barcode scanner works too.',
    camera: 'Camera',
    cameraStarting: 'Starting the camera…',
    cameraMissing: 'No camera was found. You can still use the barcode scanner.',
    cameraDenied: 'The camera is not allowed here. You can still use the barcode scanner.',
    cameraUnavailable: 'The camera cannot be used on this screen. You can still use the barcode scanner.',
    cameraInsecure:
      'The camera works only on a secure connection (HTTPS), and this page is not one. A barcode scanner still works.',
    viewfinder: 'Checking in? Hold your QR code up to the camera.',
    next: 'Next person? Hold your QR code up to the camera.',
    waiting: 'What your code finds will appear here.',
    looking: 'Looking up your code…',
    notACode: 'That is not a check-in or profile QR code.',
    privateTitle: 'Private profile',
    waitTitle: 'Please wait a moment',
    rateLimited: 'Lots of people are scanning right now. Please wait a few seconds and scan again.',
    unnamed: 'Profile',
    registerWithProfile: 'Register with this profile',
    unknownTitle: (event: string) => `We can't find this code for ${event}`,
    unknownMessage:
      'If you registered, check in with your email address or find yourself by name. Or please see event staff.',
    otherEventTitle: (event: string) => `This ticket is for ${event}`,
    otherEventMessage: (here: string) =>
      `It is not a ticket for ${here}. If you registered for ${here}, check in with your email address or find yourself by name. Or please see event staff.`,
    checkInWithEmail: 'Check in with my email',
    usedTicket: (...[firstName, when, place, device]: UsedTicketWords) => {
      const at = when.sameDay ? `at ${when.text}` : `on ${when.text}`;
      const where =
        place === 'desk'
          ? ' at the staff desk'
          : place === 'kiosk'
            ? device
              ? ` at the kiosk “${device}”`
              : ' at a kiosk'
            : '';
      return firstName ? `${firstName} checked in ${at}${where}.` : `This ticket was used ${at}${where}.`;
    },
    notYou: 'Not you? Please see event staff.',
    fields: {
      email: 'Email',
      phone: 'Phone',
      birthday: 'Birthday',
      address: 'Address',
      employment: 'Work',
    },
  },

  /** A kiosk at one door: scanning on one check-in list of the event (`/kiosk/{event}/lists/{list}`). */
  door: {
    directions: { entry: 'Entry', exit: 'Exit' },
    intro: {
      entry: 'Hold your check-in QR code up to the camera, or to the scanner.',
      exit: 'Leaving? Hold your check-in QR code up to the camera, or to the scanner.',
    },
    viewfinder: 'Hold your QR code up to the camera.',
    welcome: (name: string) => `Welcome, ${name}!`,
    welcomeBack: (name: string) => `Welcome back, ${name}!`,
    goodbye: (name: string) => `Goodbye, ${name}!`,
    admitted: (list: string) => `Your entry to ${list} is recorded.`,
    exitRecorded: (list: string) => `Your exit from ${list} is recorded.`,
    notOnListTitle: (list: string) => `Not on ${list}`,
    /** `lists` are the names of the lists that do admit the person, joined as the language joins choices. */
    goTo: (lists: string) => `Please go to ${lists}.`,
    opensTitle: (list: string, { text, sameDay }: { text: string; sameDay: boolean }) =>
      sameDay ? `${list} opens at ${text}` : `${list} opens on ${text}`,
    opensMessage: 'It is not open yet. Please come back then.',
    closedTitle: (list: string) => `${list} is closed now`,
    alreadyTitle: 'Already entered',
    alreadyEntered: ({ text, sameDay }: { text: string; sameDay: boolean }) =>
      sameDay ? `You already entered today at ${text}.` : `You already entered on ${text}.`,
    fullTitle: (list: string) => `${list} is full`,
    fullMessage: 'Please wait until someone leaves, or see event staff.',
    seeStaff: 'Please see event staff.',
    notFound: 'This door is not available: its check-in list was deleted, or belongs to another event.',
    exitsNotScanned:
      'This door does not record exits. Staff: open it again without “direction=exit” in its address.',
  },

  /** The public event page (`/e/{event}`), on a person's own phone or computer. */
  eventPage: {
    organizer: (organization: string) => `Organized by ${organization}`,
    when: 'When',
    where: 'Where',
    /** `zone` by its name (`Central European Time`), where the reader's clock reads other hours. */
    timeZone: (zone: string) => `Times are in the event’s time zone, ${zone}.`,
    seatsLeft: (seats: number) =>
      seats === 1 ? '1 seat left' : `${seats.toLocaleString('en-US')} seats left`,
    full: 'This event is full: registration is closed.',
    closed: 'Registration for this event is closed.',
    opens: (when: string) => `Registration opens on ${when}.`,
    notAvailable: 'This event is not available. It is not published, or the link is wrong.',
    formTitle: 'Register',
    submit: 'Register',
    submitting: 'Registering…',
    registeredTitle: (name: string) => `You’re registered, ${name}!`,
    pendingNote: 'The organizers will review your registration. You will get an email once it is approved.',
    emailNote: (email: string) => `A confirmation is on its way to ${email}.`,
    alreadyRegistered:
      'This email address is already registered for this event. Look for your ticket in that mailbox.',
    sendAgain: 'Send my ticket again',
    sendingAgain: 'Sending…',
    sentAgain:
      'Your ticket is on its way to that address again. It can take a few minutes: look in your spam folder too.',
    redirecting: 'Registered. Taking you on…',
  },

  /** A ticket's page (`/t/{secret}`), opened after registering and from the confirmation email. */
  ticket: {
    title: 'Your ticket',
    qrImage: (name: string) => `Check-in QR code of ${name}`,
    showAtDoor: 'Show this QR code at the door, on your phone or printed.',
    /** Before the code in letters. */
    code: 'Check-in code:',
    status: {
      confirmed: 'Confirmed',
      pending: 'Awaiting approval',
      canceled: 'Cancelled',
    },
    pending:
      'Your registration is awaiting approval. Your ticket’s QR code will be sent to you by email once it is approved.',
    canceled: 'This registration is cancelled: this ticket no longer works at the door.',
    checkedIn: (time: string) => `Checked in on ${time}.`,
    addToCalendar: 'Add to calendar',
    print: 'Print or save as PDF',
    cancel: 'Cancel my registration',
    confirmTitle: 'Cancel your registration?',
    confirmText: (event: string) =>
      `You will no longer be registered for ${event}, and this ticket will stop working at the door. This cannot be undone.`,
    confirm: 'Yes, cancel my registration',
    keep: 'No, keep it',
    cancelling: 'Cancelling…',
    cancelledTitle: 'Your registration is cancelled.',
    notFound: 'This ticket cannot be found. Please check the link in your email.',
    eventPage: 'Event page',
    mailDelayed:
      'The email with this ticket is delayed: the organizer’s mail server has not taken it yet, and it will be tried again. This page is your ticket meanwhile: keep it or print it.',
    mailFailed:
      'The email with this ticket could not be delivered. This page is your ticket: keep it or print it, and tell the organizer if your address was wrong.',
    /** `email` masked (a…@example.com): the person checks the part a typo hides in. */
    sentTo: (email: string) => `We sent your ticket to ${email}.`,
    wrongAddress: 'Wrong address?',
    correctLabel: 'Your email address',
    correctSave: 'Send my ticket there',
    correctKeep: 'Keep this address',
    correctSending: 'Sending…',
    corrected: (email: string) => `Done: your ticket is on its way to ${email}.`,
    correctLocked: 'This address can no longer be corrected here. Please contact the organizer.',
  },

  keyboard: {
    label: 'On-screen keyboard',
    backspace: 'Delete',
    space: 'Space',
    shift: 'Shift',
    enter: 'Enter',
    hide: 'Hide keyboard',
    accents: 'àéç',
    letters: 'abc',
  },

  /**
   * The server's refusals that a kiosk can meet. Here, the interface's own English messages, byte for byte: they
   * are also how ./refusals.ts recognises a refusal (with its status), so the English kiosk shows each as it came.
   */
  refusals: {
    registrationClosed: 'Registration is closed for this event.',
    alreadyRegistered: 'You are already registered for this event.',
    eventFull: 'The event is full.',
    eventNotAvailable: 'Event not found or not available.',
    eventNotFound: 'Event not found.',
    organizationNotFound: 'Organization not found.',
    checkInNotAvailable: 'Check-in is not available for this event.',
    selfCheckInDisabled: 'Self check-in is not enabled for this event. Please check in with event staff.',
    notRegistered: 'You are not registered for this event.',
    checkInPendingApproval: 'Your registration is awaiting approval. Please check in with event staff.',
    checkInCanceled: 'Your registration has been cancelled. Please see event staff.',
    codeNotFound: 'No registration for this event has this code.',
    findExpired: 'This search has expired. Please search for your name again.',
    findNotConfirmed: 'That is not the email address of this registration. Please see event staff.',
    findKioskPaused: 'Too many wrong answers at this kiosk. Please see event staff.',
    profileNotFound: 'Profile not found.',
    profilePrivate: 'This profile is private.',
    validationFailed: 'Validation failed.',
    emailRequired: 'Email is required.',
    tooManyAttempts: 'Too Many Attempts.',
    tooManyProfileRequests: 'Too many requests. Please wait before trying again.',
    serverError: 'Something went wrong on our side. Please try again.',
    shuttingDown: 'The server is shutting down. Please try again in a moment.',
    hubUnreachable: 'The hub cannot be reached right now. Please see event staff.',
    alreadyCheckedInAt: ({ said }: CheckInTime) => `You have already checked in at ${said}.`,
    /** A field's 422 message; `label` is null for a field the form does not have. */
    field: (said: string, _problem: ServerFieldProblem, _label: string | null) => said,
    /** A refusal this catalogue has no words of its own for. */
    other: (said: string, _status: number) =>
      said || 'Something went wrong. Please try again or ask event staff for help.',
  },

  /** The server's messages that the dashboard shows (and a kiosk may meet), recognised by ./refusals.ts. */
  server: serverEn,

  /** The staff dashboard's words: loaded with the dashboard (./dashboard-words.ts), read while it is on screen. */
  get dashboard(): DashboardWords {
    return dashboardWords('en');
  },
};

export type Catalogue = typeof en;
