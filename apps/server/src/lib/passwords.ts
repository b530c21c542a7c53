import { hash, verify } from '@node-rs/argon2';
import { passwordProblems, type PasswordRule } from '@haven/contract';
import type * as Strength from '@haven/contract/password-strength';

// argon2id (the library default algorithm) with OWASP's minimum parameters.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the identity does not exist, so timing does not tell. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hashPassword('not-a-real-password-Xy1!'));

// The estimator's dictionaries take ~30 MB of heap: loaded on the first password change, not at
// start, so a panel that only serves pages and downloads stays small.
let strength: Promise<typeof Strength> | undefined;

/** The policy of the specs, with the real strength estimator; empty when acceptable. */
export async function checkPasswordPolicy(
  password: string,
  username: string,
  extraWords: string[] = [],
): Promise<PasswordRule[]> {
  const { passwordScore } = await (strength ??= import('@haven/contract/password-strength'));
  return passwordProblems(password, {
    username,
    score: passwordScore(password, [username, ...extraWords]),
  });
}
