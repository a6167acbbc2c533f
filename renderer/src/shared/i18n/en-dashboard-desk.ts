/** The dashboard's desk pages' words (part of the English catalogue, en.ts). */
const count = (n: number) => n.toLocaleString('en-US');
const people = (n: number) => `${count(n)} ${n === 1 ? 'attendee' : 'attendees'}`;
const checkIns = (n: number) => `${count(n)} ${n === 1 ? 'check-in' : 'check-ins'}`;

export const deskEn = {
  title: 'Desk',
  pageTitle: (event: string) => `${event}: attendee desk`,
  intro: 'Check people in, add walk-ins and watch arrivals. The desk updates by itself every few seconds.',
  exportCsv: 'Export CSV',
  importCsv: 'Import CSV',
  addWalkIn: 'Add a walk-in',
  hideWalkIn: 'Close the walk-in form',
  cannotReach: 'The desk cannot reach the server. It keeps trying.',

  statuses: {
    pending: 'Pending approval',
    confirmed: 'Confirmed',
    canceled: 'Canceled',
    no_show: 'No-show',
  } as Record<string, string>,

  counts: {
    heading: 'Attendees by status',
    pending: 'Pending',
    confirmed: 'Confirmed',
    checked_in: 'Checked in',
    canceled: 'Canceled',
    no_show: 'No-show',
    total: 'Total',
  },

  live: {
    heading: 'Live picture',
    arrivals: 'Arrivals in the last 15 minutes',
    stillExpected: 'Still expected',
    stillExpectedHint: 'Registered, not checked in yet',
    chartTitle: 'Check-ins per 5 minutes',
    chartSummary: (total: number, busiest: string, most: number) =>
      `${checkIns(total)} in the last 6 hours; the busiest 5 minutes began at ${busiest}, with ${count(most)}.`,
    chartEmpty: 'No check-ins yet in the last 6 hours.',
    from: 'From',
    checkIns: 'Check-ins',
    bar: (time: string, n: number) => `${time}: ${checkIns(n)}`,
  },

  table: {
    heading: 'Attendees',
    search: 'Search by name, email, company or any answer',
    searchHint: 'Accents and capitals do not matter. Press Enter to check in the only match.',
    status: 'Status',
    anyStatus: 'Any status',
    checkedIn: 'Checked in',
    anyCheckIn: 'Checked in or not',
    onlyCheckedIn: 'Checked in',
    notCheckedIn: 'Not checked in',
    name: 'Name',
    email: 'Email',
    details: 'Company and choices',
    /** Before a detail, for a screen reader: `Company: `. */
    detailLabel: (label: string) => `${label}: `,
    registered: 'Registered',
    actions: 'Actions',
    notYet: 'Not yet',
    searching: 'Searching…',
    showing: (from: number, to: number, total: number) =>
      total === 0 ? 'No attendees match.' : `Showing ${count(from)}–${count(to)} of ${people(total)}.`,
    pageEmpty: 'No attendees on this page. Go back a page.',
    pages: 'Pages',
    previous: 'Previous page',
    next: 'Next page',
    pageOf: (page: number, pages: number) => `Page ${count(page)} of ${count(pages)}`,
    /** `zone` by its name, where this device's clock reads other hours than the venue's. */
    timeZone: (zone: string) => `Times are in the event’s time zone, ${zone}.`,
  },

  actions: {
    'check-in': 'Check in',
    'undo-check-in': 'Undo check-in',
    approve: 'Approve',
    cancel: 'Cancel registration',
    'no-show': 'Mark no-show',
    cancelTitle: 'Cancel registration',
    keepRegistration: 'Keep registration',
    confirmCancel: (name: string) => `Cancel the registration of ${name}? This cannot be undone.`,
    result: (name: string, message: string) => `${name}: ${message}`,
    showCode: 'Check-in code',
    printBadge: 'Print badge',
    reprintBadge: 'Reprint badge',
    edit: 'Edit',
  },

  edit: {
    title: (name: string) => `Edit ${name}`,
    emailNote: 'A corrected email gets the ticket again; the old address gets nothing more.',
    save: 'Save',
    close: 'Close',
    saved: (name: string) => `${name}: saved.`,
    savedAndResent: (name: string, email: string) => `${name}: saved. The ticket is on its way to ${email}.`,
    unchanged: 'Nothing was changed.',
  },

  code: {
    title: (name: string) => `Check-in code of ${name}`,
    image: (name: string) => `Check-in QR code of ${name}`,
    explain: 'Scanned at a kiosk or at this desk, it checks them in. Show it, or print it to hand over.',
    print: 'Print',
    close: 'Close',
  },

  roaming: {
    moving: (origin: string) => `This server stopped answering. The desk carries on at ${origin}…`,
    arrived: (from: string) =>
      `The desk carries on here because ${from || 'its server'} stopped answering. It goes back by itself once that server answers again.`,
    retried: (message: string) => `The check-in under way then was made here: ${message}`,
  },

  scan: {
    heading: 'Check in by code',
    label: 'Check-in code',
    hint: 'Scan a check-in or profile QR code into this field with a barcode scanner, or type the code printed under it, or use the camera.',
    submit: 'Check in',
    camera: 'Camera',
    checkedInTitle: 'Checked in',
    alreadyTitle: 'Already checked in',
    notFoundTitle: 'No registration has this code',
    refusedTitle: 'Cannot check in',
  },

  camera: {
    view: 'What the camera sees',
    states: {
      starting: 'Starting the camera…',
      scanning:
        'Hold a check-in or profile QR code in front of the camera: each one is checked in as it is read.',
      missing: 'No camera.',
      denied: 'The camera is blocked.',
      unavailable: 'The camera did not start.',
    } as Record<string, string>,
    denied:
      'The browser blocked the camera for this page. Allow it in the site’s settings (the lock or camera icon beside the address), then press Camera again. Meanwhile, use a USB scanner or type the code.',
    missing:
      'This device has no camera the browser can use. Use a USB scanner, or type the code printed under the QR code.',
    unavailable:
      'The camera could not start: another app may be using it. Close that app and press Camera again, or use a USB scanner or type the code.',
    insecureTitle: 'No camera on this page.',
    insecure: (origin: string) =>
      `Browsers give the camera only to secure pages, and ${origin} is plain HTTP on the venue network.`,
    openSecure: 'Open this desk at',
    trustFirst:
      'The first time on this device, trust the venue’s certificate once: the steps for each kind of phone and computer are at',
    noHttps:
      'This server does not serve HTTPS yet: the organizer can start it with `arrivals serve --https`, and each device then trusts the venue’s certificate once.',
    meanwhile:
      'Meanwhile, scan with a USB scanner into the field above, or type the code printed under the QR code.',
  },

  bulk: {
    button: 'Mark everyone not checked in as no-show',
    title: 'Mark no-shows',
    confirm: (n: number) => `Mark ${people(n)} who have not checked in as no-show?`,
    explain: 'They can still be checked in later if they arrive.',
    confirmButton: (n: number) => `Mark ${people(n)} as no-show`,
    nobody: 'Everyone registered has checked in or is already marked: nobody to mark as no-show.',
    done: (n: number, failed: number) =>
      `Marked ${people(n)} as no-show.${failed > 0 ? ` ${count(failed)} could not be marked.` : ''}`,
  },

  walkIn: {
    heading: 'Add a walk-in',
    intro:
      'Someone at the door who did not register: they are added as confirmed, and checked in at once with “Add and check in”.',
    submit: 'Add walk-in',
    submitAndCheckIn: 'Add and check in',
    added: (name: string) => `${name} was added. Find them in the list to check them in.`,
    addedAndCheckedIn: (name: string) => `${name} was added and checked in.`,
    addedNotCheckedIn: (name: string, problem: string) =>
      `${name} was added, but could not be checked in: ${problem}`,
  },

  import: {
    title: 'Import attendees',
    pageTitle: (event: string) => `${event}: import attendees`,
    intro:
      'Add many attendees at once from a CSV file (a spreadsheet saved as CSV). Columns named in English, French or German find their fields by themselves, and a choice may hold its label or its value.',
    backToDesk: 'Back to the desk',
    file: 'CSV file',
    fileHint: 'The first row names the columns. Comma or semicolon separated, UTF-8.',
    chosen: (file: string, rows: number) => `${file}: ${count(rows)} ${rows === 1 ? 'row' : 'rows'}.`,
    unreadable: 'This file could not be read as text.',
    unclosedQuote: (record: number) =>
      `Row ${count(record)} opens a quote (") that is never closed. Please check the file.`,
    noRows: 'The file has a header row but no attendees under it.',
    empty: 'The file is empty.',
    tooMany: (max: number) => `A file can hold at most ${count(max)} attendees. Please split it.`,

    mappingHeading: 'Columns',
    mappingIntro: 'Choose the registration field each column fills, or ignore the column.',
    column: 'Column in the file',
    firstValue: 'First value',
    field: 'Registration field',
    ignore: 'Ignore this column',
    fieldOption: (label: string, key: string) => `${label} (${key})`,
    columnLabel: (header: string) => `Field for column “${header}”`,
    unnamedColumn: (n: number) => `Column ${n}`,
    missing: (fields: string) => `Choose a column for: ${fields}.`,
    repeated: (fields: string) => `Each field can fill from one column only: ${fields}.`,

    previewHeading: 'Preview',
    previewCaption: (shown: number, total: number) =>
      `The first ${count(shown)} of ${count(total)} rows, as they will be imported`,
    row: 'Row',

    modeLegend: 'If some rows have problems',
    modes: {
      all_or_nothing: 'Import nothing, and list the problems to fix',
      valid_rows: 'Import the good rows, and list the rows left out',
    },
    submit: (rows: number) => `Import ${count(rows)} ${rows === 1 ? 'attendee' : 'attendees'}`,
    fixFirst: (rows: number) => `Fix ${count(rows)} ${rows === 1 ? 'row' : 'rows'} first`,
    nothingToImport: 'Nothing to import',
    checking: (rows: number) => `Checking ${count(rows)} ${rows === 1 ? 'row' : 'rows'}…`,
    checkedAll: (rows: number) =>
      rows === 1 ? 'The row can be imported.' : `All ${count(rows)} rows can be imported.`,
    checkedSome: (rows: number, importable: number) =>
      `Of ${count(rows)} rows, ${count(importable)} can be imported and ${count(rows - importable)} ${rows - importable === 1 ? 'has problems' : 'have problems'}.`,
    checkFailed: (reason: string) => `The rows could not be checked before importing: ${reason}`,
    checkHeading: 'Rows to fix',
    checkIntro: (rows: number) =>
      `Fix ${rows === 1 ? 'this row' : `these ${count(rows)} rows`} in the file and choose it again, or import the good rows and leave ${rows === 1 ? 'it' : 'them'} out.`,
    seatsShort: (left: number, rows: number) =>
      left === 0
        ? `The event has no seats left, so none of the ${count(rows)} rows can be imported. Add seats in the event's settings.`
        : `The event has ${count(left)} ${left === 1 ? 'seat' : 'seats'} left: the ${count(rows)} rows to import do not fit. Leave out ${count(rows - left)} ${rows - left === 1 ? 'row' : 'rows'}, or add seats in the event's settings.`,
    progressLabel: 'Import progress',
    stages: {
      read: 'Reading the file',
      map: 'Choosing the columns',
      send: 'Sending to the server, which checks every row',
      done: 'Done',
    } as Record<string, string>,
    stepOf: (step: number, steps: number, what: string) => `Step ${step} of ${steps}: ${what}`,
    sending: (rows: number) => `Sending ${count(rows)} rows…`,
    imported: (n: number) => `Imported ${people(n)}.`,

    reportHeading: 'Problems to fix',
    reportIntro: (rows: number) =>
      `${count(rows)} ${rows === 1 ? 'row has' : 'rows have'} problems, so nothing was imported. Fix ${rows === 1 ? 'it' : 'them'} in the file and choose it again.`,
    skippedHeading: 'Rows left out',
    skippedIntro: (rows: number) =>
      `${count(rows)} ${rows === 1 ? 'row was' : 'rows were'} not imported. Fix ${rows === 1 ? 'it' : 'them'} and import ${rows === 1 ? 'it' : 'them'} again: the rows already imported are refused as taken.`,
    reportCaption: 'Problems by row (row numbers as in the file; the header is row 1)',
    reportField: 'Field',
    reportMessage: 'Problem',
    reportMore: (n: number) => `And ${count(n)} more problems not shown.`,
    rowWide: 'Whole row',
  },
};
