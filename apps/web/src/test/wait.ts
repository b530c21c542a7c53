/**
 * How long a test waits for the app to settle: lazy screens are transformed on first use, which
 * takes seconds on a busy CI machine. testing-library's waits use it (setup.ts), and so must every
 * `vi.waitFor`, whose own default is 1 s.
 */
export const WAIT = { timeout: 10_000 } as const;
