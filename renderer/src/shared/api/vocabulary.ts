/**
 * The value lists of the interface's enums, for the screens' choices (statuses to filter by, field types, scopes),
 * and what a check-in QR code holds before the code (`CHECKIN_QR_PREFIX`).
 * They come from server/contract/, the lists the server's own schemas are built from, so the two cannot drift; this
 * is the renderer's one import from server/ (a lint fence keeps it so). Types come from ./types.ts.
 */
export {
  ATTENDEE_STATUSES,
  BADGE_LAYOUTS,
  CHECKIN_PERIOD_TYPES,
  CHECKIN_QR_PREFIX,
  DEFAULT_TOKEN_SCOPES,
  FIELD_TYPES,
  MAIL_STATES,
  PROFILE_FIELDS,
  SMTP_SECURITY,
  TOKEN_EXPIRIES,
  TOKEN_SCOPES,
  WEBHOOK_EVENT_TYPES,
} from '../../../../server/contract/vocabulary.ts';
