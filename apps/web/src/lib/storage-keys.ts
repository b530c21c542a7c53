/** The app's localStorage keys for the session's token and the chosen language. */
export const TOKEN_KEY = 'user-token';
export const LANGUAGE_KEY = 'language';
