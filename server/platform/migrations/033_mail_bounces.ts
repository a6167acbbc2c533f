/**
 * Failed mail staff can act on (issue 39). A mail whose address the server refused for good (a 5xx reply to the
 * recipient) keeps that address, as registrations.email_key writes it: Send tickets leaves out a person whose
 * address is the one refused, until their email changes, and the desk counts and filters them as bounced
 * (server/mail/mail-outbox.repository.ts, `PERSON_MAIL_STATE`).
 */
export const sql = /* sql */ `
ALTER TABLE mail_outbox ADD COLUMN refused_address TEXT;
`;
