/**
 * What the catalogues' words about the server's refusals are given (./refusals.ts reads them from the server's
 * messages): types only, so a catalogue imports nothing that runs.
 */

/** An earlier check-in's time as the server wrote it, and the same time in the language on screen. */
export interface CheckInTime {
  said: string;
  local: string;
}

/** What a 422 says is wrong with one field (server/platform/field-errors.ts words each rule one way). */
export type ServerFieldProblem =
  | { kind: 'required' }
  | { kind: 'too_long'; max: number }
  | { kind: 'too_short'; min: number }
  | { kind: 'email' }
  | { kind: 'date' }
  | { kind: 'url' }
  | { kind: 'select' }
  | { kind: 'taken' }
  | { kind: 'wall_time' }
  | { kind: 'until_after_from' }
  | { kind: 'invalid' };
