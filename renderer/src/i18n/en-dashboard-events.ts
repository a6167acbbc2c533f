/** The dashboard's events pages' words (part of the English catalogue, en.ts). */
export const eventsEn = {
  title: 'Events',
};
