import type { Schema } from '../api/types.ts';
/** The dashboard's email words: the mail settings page and the desk's mail (part of the English catalogue, en.ts). */
const count = (n: number) => n.toLocaleString('en-US');
const people = (n: number) => `${count(n)} ${n === 1 ? 'person' : 'people'}`;

/** The event's people by where their mail stands. */
type MailPeople = Schema<'PeopleByMailState'>;

export const mailEn = {
  settings: {
    title: 'Email',
    intro:
      'Arrivals emails each person their ticket: a QR code to scan at the door, a link to their ticket page and a calendar file. It sends through your organization’s mail server (SMTP).',
    notSetUp: 'Email is not set up: nobody gets a ticket by email yet.',
    serverHeading: 'Mail server',
    host: 'SMTP host',
    hostHint: 'For example smtp.example.com, or the address of a relay on the venue network.',
    port: 'Port',
    portHint: 'Usually 587 with STARTTLS, 465 with TLS, 25 for a relay.',
    security: 'Security',
    securities: {
      starttls: 'STARTTLS (usually port 587)',
      tls: 'TLS from the start (usually port 465)',
      none: 'None: a relay on the venue network',
    } as Record<string, string>,
    username: 'User name',
    usernameHint: 'Leave empty for a server that takes mail without signing in.',
    password: 'Password',
    passwordStored: 'A password is stored. It is never shown; leave this empty to keep it.',
    passwordNone: 'No password is stored. Needed only with a user name.',
    passwordDropped:
      'When you save, the stored password is removed: it goes only to the server, port, security and user name it was given for. Type it again to keep signing in.',
    passwordDroppedNone:
      'When you save, the stored password is removed: with security None nothing signs in, since the password would cross the network in clear.',
    removePassword: 'Remove the stored password',
    senderHeading: 'Sender',
    fromAddress: 'From address',
    fromName: 'From name',
    fromNameHint: 'What people see as the sender, for example your organization’s name.',
    replyTo: 'Reply-to address',
    replyToHint: 'Where replies go, if not to the from address.',
    linksHeading: 'Ticket links',
    publicUrl: 'Public address of this server',
    publicUrlHint:
      'Where people’s phones reach this server, for example https://tickets.example.org. Ticket links in emails start with it.',
    whoHeading: 'Who gets an email',
    whoIntro: 'People who register on the event page or through the API always get their ticket.',
    kioskRegistrations: 'People who register at a kiosk',
    kioskRegistrationsHint: 'Off: a kiosk’s visitors check in on the spot and need no ticket.',
    imports: 'People imported from a spreadsheet, at once',
    importsHint: 'Off: send them their tickets from the desk, with Send tickets, when you are ready.',
    maxPerMinute: 'At most this many emails a minute',
    maxPerMinuteHint: 'Leave empty to send as fast as the mail server takes them.',
    save: 'Save mail settings',
    saved: 'Mail settings saved. Email that was waiting goes out now.',
    remove: 'Stop sending email',
    confirmRemoveTitle: 'Stop sending email',
    confirmRemove:
      'Remove the mail settings? Nothing more is sent; email that waits stays queued and goes out if you set email up again.',
    removed: 'Mail settings removed. Nothing more is sent.',
    outboxHeading: 'Outbox',
    outbox: (queued: number, failed: number) =>
      `${count(queued)} waiting to go, ${count(failed)} failed for good.`,
    lastError: (when: string, reply: string) => `Last problem, ${when}: ${reply}`,
    testHeading: 'Send a test email',
    testIntro: 'Sends one email now and shows what the mail server answered.',
    testTo: 'Send to',
    testSubmit: 'Send a test email',
    testSending: 'Sending…',
    testSent: (reply: string | null) =>
      reply ? `The test email was sent. The mail server answered: ${reply}` : 'The test email was sent.',
    testRefused: (reply: string) => `The test email was not sent. The mail server answered: ${reply}`,
    testNoAnswer: (detail: string) => `The test email was not sent: ${detail}`,
    hints: {
      no_starttls:
        'Likely fix: this server does not offer STARTTLS. Try port 465 with security TLS, or security None for a relay on your network.',
      use_starttls:
        'Likely fix: this port starts in plain text. Choose security STARTTLS (usually port 587), not TLS.',
      use_tls:
        'Likely fix: the server never greeted, as a port that starts with TLS does. With port 465, choose security TLS.',
      credentials:
        'Likely fix: the server refused the user name or password. Check both (some providers want an app password).',
      sign_in: 'Likely fix: the server wants a sign-in. Fill in the user name and password.',
      sender: 'Likely fix: the server refused the from address. Use an address this account may send from.',
      certificate:
        'Likely fix: the server’s certificate is not trusted. Check the host name matches the server’s certificate.',
      port_closed: 'Likely fix: nothing listens at this host and port. Check the port (587, 465 or 25).',
      host_not_found: 'Likely fix: no such host name. Check its spelling.',
      unreachable:
        'Likely fix: nothing answered. Check the host, the port, and that this machine’s network reaches it.',
    } as Record<string, string>,
    securityFollowsPort: 'Set from the port (465: TLS, 587: STARTTLS, 25: None). You can change it.',
    retried: (waiting: number) =>
      waiting === 0
        ? 'No email is waiting.'
        : `Trying ${waiting === 1 ? 'the email' : `the ${count(waiting)} emails`} waiting again now.`,
    saveFirst: 'Save the mail settings first.',
  },

  limits: {
    heading: 'Email limits',
    intro:
      'However often someone registers and cancels with an address, or staff resend a ticket, one address gets at most this many emails about this event. Test emails to it count too. An email over the limit is not sent, and the desk says why.',
    perHour: 'Emails to one address in an hour',
    perDay: 'Emails to one address in a day',
    save: 'Save email limits',
    saved: (perHour: number, perDay: number) =>
      `Saved: at most ${count(perHour)} an hour and ${count(perDay)} a day to one address.`,
  },

  desk: {
    heading: 'Tickets by email',
    notSetUp: 'Email is not set up, so nobody gets a ticket by email.',
    setUp: 'Set up email',
    notHere:
      'Tickets for this event are emailed by the server it follows (its online server), not from here.',
    peopleCounts: (p: MailPeople) =>
      `${people(p.sent)} sent an email, ${count(p.queued)} waiting, ${count(p.failed)} failed, ${count(p.bounced)} refused by their mail server, ${count(p.suppressed)} over the email limit, ${count(p.none)} never emailed.`,
    findFailed: 'To find them, choose Failed or Address refused under Email above the list.',
    filter: 'Email',
    anyMail: 'Any email state',
    states: {
      sent: (n: number) => `Sent (${count(n)})`,
      queued: (n: number) => `Waiting (${count(n)})`,
      failed: (n: number) => `Failed (${count(n)})`,
      bounced: (n: number) => `Address refused (${count(n)})`,
      suppressed: (n: number) => `Over the limit (${count(n)})`,
      none: (n: number) => `Never emailed (${count(n)})`,
    },
    bounced: (kind: string) => `${kind}: address refused`,
    retryNow: 'Retry now',
    retrying: (name: string) => `The email to ${name} is being sent again now.`,
    suppressedCount: (n: number) =>
      `${count(n)} not sent: their address had reached the event’s email limit.`,
    sendTickets: (n: number) => `Send tickets to ${people(n)}`,
    nobodyToSend: 'Everyone registered has been sent a ticket.',
    confirmTitle: 'Send tickets',
    confirmSend: (n: number) =>
      `Email a ticket to the ${people(n)} registered and confirmed who were never sent one? It goes at the pace your mail server allows.`,
    send: 'Send',
    sending: 'Sending…',
    progressLabel: 'Tickets sent',
    progress: (done: number, total: number) => `${count(done)} of ${count(total)} tickets handled.`,
    jobDone: (sent: number, failed: number) =>
      failed === 0
        ? `Done: ${count(sent)} tickets sent.`
        : `Done: ${count(sent)} tickets sent, ${count(failed)} failed (choose Failed or Address refused under Email to find them).`,
    column: 'Email',
    kinds: {
      confirmation: 'Ticket',
      pending: 'Awaiting approval',
      cancellation: 'Cancellation',
    } as Record<string, string>,
    none: 'None',
    queued: (kind: string) => `${kind}: queued`,
    sent: (kind: string, at: string) => `${kind}: sent ${at}`,
    failed: (kind: string) => `${kind}: failed`,
    skipped: (kind: string) => `${kind}: not needed`,
    suppressed: (kind: string) => `${kind}: not sent, limit reached`,
    resend: 'Resend ticket',
    resent: (name: string) => `The ticket of ${name} is queued to be sent again.`,
  },
};
