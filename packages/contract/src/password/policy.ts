import { LIMITS } from '../limits.ts';

/** Each rule of the password policy (specs part 1 §5), in the order the form lists them. */
export const PASSWORD_RULES = [
  'length',
  'lower',
  'upper',
  'digit',
  'special',
  'ascii',
  'username',
  'weak',
] as const;

/**
 * The shorter policy of the specs' FTP-user and database-user texts: one letter, one digit and
 * one special character (plus the length and the house rules that keep a credential usable).
 */
export const SERVICE_PASSWORD_RULES = [
  'length',
  'letter',
  'digit',
  'special',
  'ascii',
  'username',
] as const;

export type PasswordRule =
  (typeof PASSWORD_RULES)[number] | (typeof SERVICE_PASSWORD_RULES)[number];

/** Which policy applies: `full` for logins and mailboxes, `service` for FTP and database users. */
export type PasswordVariant = 'full' | 'service';

/** The rules of a variant, in the order a form lists them. */
export function passwordRulesOf(variant: PasswordVariant = 'full'): readonly PasswordRule[] {
  return variant === 'service' ? SERVICE_PASSWORD_RULES : PASSWORD_RULES;
}

/** zxcvbn scores below this count as weak. */
export const MIN_STRENGTH_SCORE = 3;

export interface PasswordContext {
  username?: string | undefined;
  /** zxcvbn score 0..4; when absent the `weak` rule is not judged (the client before it loads). */
  score?: number | undefined;
  min?: number;
  max?: number;
  /** Default `full`. */
  variant?: PasswordVariant;
}

/** The rules a password breaks; empty when it is acceptable. */
export function passwordProblems(password: string, ctx: PasswordContext = {}): PasswordRule[] {
  const min = ctx.min ?? LIMITS.passwordMin;
  const max = ctx.max ?? LIMITS.passwordMax;
  const problems: PasswordRule[] = [];
  if (password.length < min || password.length > max) problems.push('length');
  if (!/[a-z]/.test(password)) problems.push('lower');
  if (!/[A-Z]/.test(password)) problems.push('upper');
  if (!/[A-Za-z]/.test(password)) problems.push('letter');
  if (!/[0-9]/.test(password)) problems.push('digit');
  if (!/[^A-Za-z0-9]/.test(password)) problems.push('special');
  // Service credentials (FTP, mail, htpasswd) travel through protocols and files that choke on
  // anything outside printable ASCII without spaces.
  if (!/^[\x21-\x7e]*$/.test(password)) problems.push('ascii');
  const user = ctx.username?.trim().toLowerCase();
  if (user && user.length >= 3 && password.toLowerCase().includes(user)) problems.push('username');
  if (ctx.score !== undefined && ctx.score < MIN_STRENGTH_SCORE) problems.push('weak');
  const rules = passwordRulesOf(ctx.variant);
  return problems.filter((rule) => rules.includes(rule));
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const PUNCT = '!#$%&*+-=?@^_~.,:;';

function pick(chars: string, random: Uint32Array, i: number): string {
  return chars[(random[i] ?? 0) % chars.length] ?? '';
}

/**
 * A random password mixing lower, upper, digits and punctuation (specs: 12 by default, 20 where
 * asked). Every class appears at least once; positions are shuffled.
 */
export function generatePassword(length: number = LIMITS.generatedPasswordLength): string {
  const n = Math.max(length, 4);
  const random = new Uint32Array(n * 2);
  globalThis.crypto.getRandomValues(random);
  const all = LOWER + UPPER + DIGITS + PUNCT;
  const chars = [
    pick(LOWER, random, 0),
    pick(UPPER, random, 1),
    pick(DIGITS, random, 2),
    pick(PUNCT, random, 3),
  ];
  for (let i = 4; i < n; i++) chars.push(pick(all, random, i));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = (random[n + i] ?? 0) % (i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}
