/** The languages of the panel (the web's catalogues, a user's setting, the reset mail). */
export const LANGUAGES = ['nl', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
