/**
 * Sieve quoted strings (RFC 5228 §2.4.2): only `"` and `\` need escaping. Scripts Haven renders
 * never require "variables" or "encoded-character", so `${...}` in a customer's text stays
 * literal. Control characters other than tab and line breaks are dropped: a NUL or an escape
 * sequence has no place in a reply, and Pigeonhole refuses some of them.
 */
// eslint-disable-next-line no-control-regex -- dropping control characters is the point
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;

export function sieveString(value: string): string {
  const clean = value.replace(CONTROL, '').replace(/\r\n?/g, '\n');
  return `"${clean.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** A one-line value (a header such as the subject): a line break here is refused, not cleaned. */
export function sieveLine(value: string): string {
  if (/[\r\n]/.test(value)) throw new Error('a single-line Sieve value holds a line break');
  return sieveString(value);
}

export function sieveStringList(values: readonly string[]): string {
  return `[${values.map(sieveLine).join(', ')}]`;
}
