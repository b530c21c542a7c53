/**
 * The app's localStorage keys that the build reads too: index.html's session preload
 * (vite-plugins/session-preload.ts) looks for a stored token and language before the app runs.
 */
export const TOKEN_KEY = 'user-token';
export const LANGUAGE_KEY = 'language';
