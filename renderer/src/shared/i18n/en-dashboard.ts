import { deskEn } from './en-dashboard-desk.ts';
import { developersEn } from './en-dashboard-developers.ts';
import { eventsEn } from './en-dashboard-events.ts';
import { listsEn } from './en-dashboard-lists.ts';
import { mailEn } from './en-dashboard-mail.ts';
import { peopleEn } from './en-dashboard-people.ts';
import { syncEn } from './en-dashboard-sync.ts';
import type { ServerFieldProblem } from './refusal-types.ts';

/**
 * The staff dashboard's words in English, one file per area of the dashboard: the English catalogue's `dashboard`
 * (en.ts), loaded with the dashboard (./dashboard-words.ts).
 */
export const dashboardEn = {
  title: 'Staff dashboard',
  skipToContent: 'Skip to content',
  saving: 'Saving…',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  close: 'Close',
  edit: 'Edit',
  copy: 'Copy',
  copied: 'Copied',
  never: 'Never',
  none: 'None',
  yes: 'Yes',
  no: 'No',
  required: 'required',
  ownersOnly: 'Only owners can open this page.',
  sessionExpired: 'Your session has ended. Please sign in again.',
  fixProblems: 'Please fix the problems marked below.',
  /** A 422's message under the field it is about, `problem` being what it names: in English, as the server said it. */
  fieldProblem: (said: string, _problem: ServerFieldProblem) => said,

  nav: {
    label: 'Dashboard',
    menu: 'Menu',
    events: 'Events',
    people: 'People',
    staff: 'Staff',
    sync: 'Kiosks & sync',
    mail: 'Email',
    developers: 'Developers',
    tokens: 'API Tokens',
    webhooks: 'Webhooks',
    lanIntegrations: 'LAN integrations',
    kiosk: 'Open a kiosk',
    signOut: 'Sign out',
    signedInAs: (name: string, role: string) => `${name} (${role})`,
    roles: { owner: 'owner', staff: 'staff' } as Record<string, string>,
  },

  setup: {
    title: 'Set up Arrivals',
    intro: 'Create your organization and its first owner account. You can add staff afterwards.',
    setupCode: 'Setup code',
    setupCodeHint:
      'Shown where Arrivals was started: on its console, or on the desktop app’s staff screen. Not needed on that machine itself.',
    organizationName: 'Organization name',
    name: 'Your name',
    email: 'Email',
    password: 'Password',
    passwordHint: (min: number) => `At least ${min} characters.`,
    loadDemo: 'Add a demo event with sample attendees and profiles',
    submit: 'Create organization',
    alreadyDone: 'Arrivals is set up already. Sign in instead.',
  },

  signIn: {
    title: 'Sign in',
    intro: 'Sign in with your staff account.',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    signedOut: 'You are signed out.',
  },

  staff: {
    title: 'Staff',
    intro: 'Owners can do everything. Staff can use the attendee desk and check people in.',
    name: 'Name',
    email: 'Email',
    role: 'Role',
    created: 'Added',
    password: 'Password',
    newPassword: 'New password',
    add: 'Add a staff member',
    addSubmit: 'Add',
    you: '(you)',
    resetPassword: 'Reset password',
    resetSubmit: 'Set password',
    remove: 'Remove',
    confirmRemove: (name: string) => `Remove ${name}? They are signed out at once.`,
    added: (name: string) => `${name} was added.`,
    passwordReset: (name: string) => `The password of ${name} was changed. They are signed out everywhere.`,
    removed: (name: string) => `${name} was removed.`,
    roleChanged: (name: string, role: string) => `${name} is now ${role}.`,
  },

  events: eventsEn,
  desk: deskEn,
  lists: listsEn,
  people: peopleEn,
  sync: syncEn,
  mail: mailEn,
  developers: developersEn,
};

export type DashboardWords = typeof dashboardEn;
