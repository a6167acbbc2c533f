/**
 * A check-in code as it is printed for people to read: today's codes (12 characters of Crockford's base 32) in
 * groups of four, `7KQ4-MZ2C-9TXB`; an older code as it was issued (case-sensitive, never grouped). The server reads
 * a code typed with or without the groups, in any case. The server's copy, for the mails, is
 * server/attendees/checkin-code.rules.ts `groupedCheckinCode`.
 */
export function groupedCheckinCode(code: string): string {
  return /^[0-9A-HJKMNP-TV-Z]{12}$/.test(code) ? code.match(/.{4}/g)!.join('-') : code;
}
