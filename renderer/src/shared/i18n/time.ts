/**
 * How a time reads: the server's own module (server/contract/time-text.ts), so a screen writes a time as the mails
 * do. The renderer's second door to server/contract/ (a lint fence keeps it so); `format` in ./index.ts puts it in the
 * language on screen.
 */
export {
  dateTimeText,
  eventWhenText,
  sameDayIn,
  sameZoneAt,
  timeText,
  zoneNameText,
} from '../../../../server/contract/time-text.ts';
