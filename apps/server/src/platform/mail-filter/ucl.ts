/**
 * UCL (rspamd's config language) strings. JSON string syntax is valid UCL; `$` is doubled
 * because UCL expands `$NAME` and `${NAME}` inside strings, and a customer's text must never
 * reach a config variable (`$CONFDIR`, `$DBDIR`).
 */
export function uclString(value: string): string {
  return JSON.stringify(value).replace(/\$/g, '$$$$');
}

export function uclList(values: readonly string[]): string {
  return `[${values.map(uclString).join(', ')}]`;
}

/** A regex source with every metacharacter (and the `/` delimiter) taken literally. */
export function regexLiteral(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** A whitelist pattern (`*@example.nl`): `*` is any run of characters, the rest literal. */
export function wildcardRegex(pattern: string): string {
  return `/^${pattern.split('*').map(regexLiteral).join('.*')}$/i`;
}

/** A blacklist text: anywhere in the sender's address, case-insensitive. */
export function containsRegex(text: string): string {
  return `/${regexLiteral(text)}/i`;
}
