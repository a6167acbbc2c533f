/** The dashboard's developers pages' words (part of the English catalogue, en.ts). */
export const developersEn = {
  title: 'Developers',
};
