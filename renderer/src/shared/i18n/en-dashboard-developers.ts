/** The dashboard's developers pages' words (part of the English catalogue, en.ts). */
const quoted = (name: string) => `“${name}”`;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const developersEn = {
  title: 'Developers',

  shownOnce: {
    copy: 'Copy',
    copied: 'Copied to the clipboard.',
    copyFailed: 'Could not copy: the text is selected, copy it with Ctrl+C (⌘C on a Mac).',
    done: 'I have copied it',
  },

  tokens: {
    title: 'API Tokens',
    intro:
      'Tokens let other systems use the Arrivals API (send them as “Authorization: Bearer …”). Give each system a token of its own, with only the scopes it needs.',
    none: 'No tokens yet.',
    name: 'Name',
    created: 'Created',
    lastUsed: 'Last used',
    expires: 'Expires',
    access: 'Access',
    allEvents: 'all events',
    someEvents: (count: number) => plural(count, 'event', 'events'),
    scopesCount: (count: number) => plural(count, 'scope', 'scopes'),
    delete: 'Delete',
    confirmDeleteTitle: 'Delete this token?',
    confirmDelete: (name: string) =>
      `Delete the token ${quoted(name)}? Anything using it is refused from its next request on. This cannot be undone.`,
    deleted: (name: string) => `The token ${quoted(name)} was deleted.`,

    create: 'Create token',
    createSubmit: 'Create token',
    nameHint: 'Say who uses it, for example “Website sign-ups”.',
    expiration: 'Expiration',
    expiries: {
      '7d': '7 days',
      '30d': '30 days',
      '90d': '90 days (recommended)',
      '1y': '1 year',
      never: 'Never (not recommended for production)',
    },
    scopes: 'Scopes',
    scopesHint: 'What the token may do.',
    scopeNames: {
      'events:read': 'Read events',
      'events:write': 'Create and edit events',
      'attendees:read': 'Look up attendees',
      'attendees:write': 'Register, check in, cancel and mark no-shows',
      'users:write': 'Create and edit people and their profiles',
      'webhooks:manage': 'Manage webhook endpoints (only for tokens that reach every event)',
      sync: 'Let a venue’s hub follow these events (download them, send back its check-ins)',
    },
    restrict: 'Only some events',
    restrictHint: 'Without it, the token reaches every event of the organization, present and future.',
    events: 'Events the token may reach',
    noEvents: 'There are no events to choose from yet.',

    createdHeading: 'Your new token',
    tokenLabel: 'API token',
    createdWarning: 'Copy this token now and keep it somewhere safe. It cannot be shown again.',
    createdNotice: (name: string) => `The token ${quoted(name)} was created.`,
  },

  webhooks: {
    title: 'Webhooks',
    intro:
      'Arrivals sends a signed notification (Standard Webhooks) to each endpoint when something happens: a registration, a check-in, a change to an event. Deliveries are retried for a day; while the internet is down they wait here.',
    none: 'No endpoints yet.',
    waiting: (count: number) =>
      count === 0
        ? 'No notifications are waiting to be sent.'
        : `${plural(count, 'notification is', 'notifications are')} waiting to be sent.`,
    url: 'URL',
    description: 'Description',
    eventKinds: 'Event kinds',
    status: 'Status',
    waitingColumn: 'Waiting',
    allKinds: 'All',
    enabled: 'Enabled',
    disabled: 'Disabled',
    disabledGone: 'Disabled: the endpoint answered 410 Gone',
    disabledManual: 'Disabled',

    add: 'Add an endpoint',
    addSubmit: 'Add endpoint',
    urlHint:
      'An http or https address that accepts POST requests. Addresses on this network or this computer must first be allowed under LAN integrations.',
    eventKindsHint: 'The notifications this endpoint receives.',
    kindNames: {
      'attendee.registered': 'Someone registered',
      'attendee.updated': 'Someone’s name, email or answers were edited',
      'attendee.approved': 'A pending registration was approved',
      'attendee.checked_in': 'Someone checked in',
      'attendee.check_in_undone': 'A check-in was undone',
      'attendee.canceled': 'A registration was canceled',
      'attendee.no_show': 'Someone was marked as no-show',
      'attendee.entered': 'Someone entered through a check-in list',
      'attendee.exited': 'Someone left through a check-in list',
      'event.created': 'An event was created',
      'event.updated': 'An event was changed',
    } as Record<string, string>,
    enabledLabel: 'Send notifications to this endpoint',
    added: (url: string) => `The endpoint ${url} was added.`,

    secretHeading: 'Signing secret',
    secretLabel: 'Signing secret',
    secretWarning:
      'Copy this secret now into the receiving system: it verifies the webhook-signature header with it. It cannot be shown again.',
  },

  lan: {
    title: 'LAN integrations',
    intro:
      'Webhooks go to the internet. To send them to a system on the venue network or on this computer (a badge printer, a local CRM), allow its host here first; without that, Arrivals refuses such addresses, so that an API token cannot reach into the local network.',
    none: 'No hosts are allowed yet.',
    host: 'Host',
    description: 'Description',
    added: 'Added',
    remove: 'Remove',
    confirmRemoveTitle: 'Stop allowing this host?',
    confirmRemove: (host: string) =>
      `Stop allowing ${quoted(host)}? Webhooks to it are refused from their next attempt on.`,
    removed: (host: string) => `${quoted(host)} is no longer allowed.`,

    add: 'Allow a host',
    addSubmit: 'Allow host',
    hostHint:
      'A host name or IP address, with a port to allow only that port: 192.168.1.20:8080, printer.local, [fd00::7]:9000.',
    descriptionHint: 'What it is, for example “Badge printer”.',
    allowed: (host: string) => `Webhooks may now reach ${quoted(host)}.`,
  },

  webhook: {
    back: 'All webhooks',
    open: 'Details',
    settings: 'Settings',
    formLabel: 'Endpoint settings',
    save: 'Save endpoint',
    saved: 'The endpoint was saved.',
    fixProblems: 'The endpoint was not saved: please fix the problems marked on the form.',
    enable: 'Enable',
    disable: 'Disable',
    nowEnabled: 'The endpoint is enabled: waiting notifications go out now.',
    nowDisabled: 'The endpoint is disabled: notifications wait until it is enabled again.',
    sendTest: 'Send test ping',
    rotate: 'Rotate secret',
    rotateTitle: 'Rotate the signing secret?',
    rotateBody:
      'A new secret is made and shown once. The old one keeps signing beside it for 24 hours, so the receiver has time to switch.',
    rotated: 'A new signing secret was made.',
    delete: 'Delete endpoint',
    deleteTitle: 'Delete this endpoint?',
    deleteBody: (url: string) =>
      `Delete ${url} and its delivery log? Nothing more is sent to it. This cannot be undone.`,
    deleted: (url: string) => `The endpoint ${url} was deleted.`,

    deliveries: 'Recent deliveries',
    deliveriesIntro: 'Newest first. The list refreshes by itself. Finished deliveries are kept for 30 days.',
    deliveriesShown: (shown: number, total: number) =>
      shown < total
        ? `The ${shown} most recent of ${total} deliveries.`
        : plural(total, 'delivery', 'deliveries'),
    noDeliveries: 'Nothing was sent to this endpoint yet.',
    time: 'Time',
    kind: 'Kind',
    result: 'Result',
    statusCode: 'Status code',
    duration: 'Duration',
    attempt: 'Attempt',
    response: 'Response',
    durationMs: (ms: number) => `${ms} ms`,
    attemptOf: (number: number) => `#${number}`,
    noAnswer: 'No answer',
    noAnswerBecause: (error: string) => `No answer: ${error}`,
    notYet: 'Not sent yet',
    deliveryStatus: { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' } as Record<
      string,
      string
    >,
    nextAttempt: (time: string) => `next attempt ${time}`,
    redeliver: 'Redeliver',
    testKind: 'Test ping',
  },
};
