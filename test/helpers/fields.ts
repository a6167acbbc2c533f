import type { RegistrationField } from '../../server/contract/vocabulary.ts';

/** A registration form with one field of every type, the select required: what the kiosk's form tests fill in. */
export const EVERY_FIELD_TYPE: RegistrationField[] = [
  { key: 'email', label: 'Email', type: 'email', required: true },
  { key: 'first_name', label: 'First name', type: 'text', required: true },
  { key: 'last_name', label: 'Last name', type: 'text', required: true },
  { key: 'phone', label: 'Phone', type: 'phone', required: false },
  { key: 'birthday', label: 'Birthday', type: 'date', required: false },
  { key: 'dietary_needs', label: 'Dietary needs', type: 'textarea', required: false },
  {
    key: 'ticket_type',
    label: 'Ticket type',
    type: 'select',
    required: true,
    options: [
      { value: 'general', label: 'General admission' },
      { value: 'press', label: 'Press' },
    ],
  },
];

/**
 * A French trade fair's form, its labels the organizer's own: a company and a ticket type, which the desk,
 * its search and the printed badge show by their labels (Société; Billet: Exposant).
 */
export const TRADE_FAIR_FIELDS: RegistrationField[] = [
  { key: 'email', label: 'Email', type: 'email', required: true },
  { key: 'first_name', label: 'Prénom', type: 'text', required: true },
  { key: 'last_name', label: 'Nom', type: 'text', required: true },
  { key: 'company', label: 'Société', type: 'text', required: false },
  {
    key: 'ticket',
    label: 'Billet',
    type: 'select',
    required: true,
    options: [
      { value: 'visitor', label: 'Visiteur' },
      { value: 'exhibitor', label: 'Exposant' },
    ],
  },
];

/** Email, first and last name required, and an optional company: the form the kiosk's lookup tests register on. */
export const COMPANY_FORM: RegistrationField[] = [
  { key: 'email', label: 'Email', type: 'email', required: true },
  { key: 'first_name', label: 'First name', type: 'text', required: true },
  { key: 'last_name', label: 'Last name', type: 'text', required: true },
  { key: 'company', label: 'Company', type: 'text', required: false },
];
