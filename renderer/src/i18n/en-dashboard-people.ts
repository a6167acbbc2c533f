/** The dashboard's people pages' words (part of the English catalogue, en.ts). */
export const peopleEn = {
  title: 'People',
};
