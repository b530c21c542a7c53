import { z } from 'zod';

/** `local`: development and tests, everything under the data dir; `debian`: a real server. */
export const PROFILES = ['local', 'debian'] as const;
export type Profile = (typeof PROFILES)[number];

/** An on/off environment variable. */
export const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/**
 * A setting with a development default that a real server must set itself: the default in the
 * local profile, required in the debian profile (ConfigError names the variable).
 */
export function localDefault(
  schema: z.ZodString,
  profile: Profile,
  value: string,
): z.ZodString | z.ZodDefault<z.ZodString> {
  return profile === 'debian' ? schema : schema.default(value);
}
