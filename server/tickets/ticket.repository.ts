import type { Language, RegistrationDoor } from '../contract/vocabulary.ts';
import type { Db } from '../platform/database.ts';

/** A registration's ticket: the secret of its page, the language it was made in, the door it came through. */
export interface TicketRecord {
  /** The registration's UUID (the ledger's: attendees/ledger.repository.ts). */
  registrationUuid: string;
  /** Null for a registration from before tickets (migration 020) until its ticket is first mailed. */
  secret: string | null;
  language: Language | null;
  door: RegistrationDoor | null;
}

interface TicketRow {
  uuid: string;
  ticket_secret: string | null;
  language: Language | null;
  door: RegistrationDoor | null;
}

const toTicket = (row: TicketRow): TicketRecord => ({
  registrationUuid: row.uuid,
  secret: row.ticket_secret,
  language: row.language,
  door: row.door,
});

/**
 * Tickets as the ledger's registrations hold them (migration 020): each registration, merged or cancelled ones too,
 * keeps its own, so the link a person was given goes on finding the row they are shown as.
 */
export function ticketsRepository(db: Db) {
  const byRegistration = db.prepare<[string], TicketRow>(
    'SELECT uuid, ticket_secret, language, door FROM registrations WHERE uuid = ?',
  );
  const bySecret = db.prepare<[string], TicketRow>(
    'SELECT uuid, ticket_secret, language, door FROM registrations WHERE ticket_secret = ? AND refused = 0',
  );
  const taken = db
    .prepare<[string], number>('SELECT EXISTS (SELECT 1 FROM registrations WHERE ticket_secret = ?)')
    .pluck();
  // Not a change any other node needs: the secret is drawn on the node that mails, and its mail links there.
  const draw = db.prepare<[string, string], TicketRow>(
    `UPDATE registrations SET ticket_secret = ? WHERE uuid = ? AND ticket_secret IS NULL
     RETURNING uuid, ticket_secret, language, door`,
  );

  return {
    ofRegistration(uuid: string): TicketRecord | null {
      const row = byRegistration.get(uuid.toLowerCase());
      return row ? toTicket(row) : null;
    },
    /** The registration whose ticket secret this is (case-sensitive); a refused registration has none. */
    findBySecret(secret: string): TicketRecord | null {
      const row = bySecret.get(secret);
      return row ? toTicket(row) : null;
    },
    isSecretTaken: (secret: string): boolean => taken.get(secret) === 1,
    /** Gives a registration from before tickets its secret; null when it had one already. */
    drawSecret(uuid: string, secret: string): TicketRecord | null {
      const row = draw.get(secret, uuid.toLowerCase());
      return row ? toTicket(row) : null;
    },
  };
}

export type TicketsRepository = ReturnType<typeof ticketsRepository>;
