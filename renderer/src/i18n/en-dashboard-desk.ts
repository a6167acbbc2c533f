/** The dashboard's desk pages' words (part of the English catalogue, en.ts). */
export const deskEn = {
  title: 'Desk',
};
