export type Flags = Record<string, string | boolean | undefined>;

/** `cmd --key value --switch`: a flag followed by another flag (or nothing) is a switch. */
export function parseFlags(argv: string[]): { command: string; flags: Flags } {
  const [command = 'help', ...rest] = argv;
  const flags: Flags = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument: ${arg}`);
    const [key = '', inline] = arg.slice(2).split(/=(.*)/s, 2);
    const next = rest[i + 1];
    if (inline !== undefined) flags[key] = inline;
    else if (next !== undefined && !next.startsWith('--')) {
      flags[key] = next;
      i++;
    } else flags[key] = true;
  }
  return { command, flags };
}

export class UsageError extends Error {}

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
  const v = flags[name];
  if (v === undefined) return undefined;
  if (v === true || v === 'true' || v === '1' || v === 'yes') return true;
  if (v === 'false' || v === '0' || v === 'no') return false;
  throw new UsageError(`--${name} takes true or false`);
}

export function optInt(flags: Flags, name: string): number | undefined {
  const v = optStr(flags, name);
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v)) throw new UsageError(`--${name} takes a whole number`);
  return Number(v);
}
