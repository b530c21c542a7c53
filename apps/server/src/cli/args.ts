import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

// As parseArgs answers them (lists only for `multiple` flags, which no command has).
export type Flags = Record<string, string | boolean | (string | boolean)[] | undefined>;

export class UsageError extends Error {}

/** Flags that take a value (`--name value` or `--name=value`). */
export const valued = (...names: string[]): ParseArgsOptionsConfig =>
  Object.fromEntries(names.map((name) => [name, { type: 'string' as const }]));

/** Flags that stand alone (`--primary`). */
export const switches = (...names: string[]): ParseArgsOptionsConfig =>
  Object.fromEntries(names.map((name) => [name, { type: 'boolean' as const }]));

/** A command's flags (node:util parseArgs, strict): an unknown flag or a stray word is a usage error. */
export function parseFlags(argv: string[], options: ParseArgsOptionsConfig): Flags {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

export function str(flags: Flags, name: string): string {
  const v = flags[name];
  if (typeof v !== 'string' || v.length === 0) throw new UsageError(`--${name} is required`);
  return v;
}

export function optStr(flags: Flags, name: string): string | undefined {
  const v = flags[name];
  return typeof v === 'string' ? v : undefined;
}

export function optBool(flags: Flags, name: string): boolean | undefined {
  const v = optStr(flags, name);
  if (v === undefined) return undefined;
  if (v === 'true' || v === '1' || v === 'yes') return true;
  if (v === 'false' || v === '0' || v === 'no') return false;
  throw new UsageError(`--${name} takes true or false`);
}

export function optInt(flags: Flags, name: string): number | undefined {
  const v = optStr(flags, name);
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v)) throw new UsageError(`--${name} takes a whole number`);
  return Number(v);
}
