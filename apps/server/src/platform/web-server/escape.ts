/**
 * Escaping for every generated config format, in one place. Each function either returns a
 * value that stays one token of its format, or throws: a value that cannot be written safely is
 * never written. Callers pass values that passed the contract's validators already; this is the
 * second wall, so no input can ever add a directive.
 */

export class UnsafeConfigValueError extends Error {
  constructor(format: string, value: string) {
    super(`value not safe for ${format}: ${JSON.stringify(value.slice(0, 80))}`);
    this.name = 'UnsafeConfigValueError';
  }
}

// eslint-disable-next-line no-control-regex -- control characters are what we refuse
const CONTROL = /[\x00-\x1f\x7f]/;

/**
 * An nginx quoted string. `\` and `"` are escaped; control characters and `$` (which nginx
 * expands as a variable in most directives, and which has no escape) are refused.
 */
export function nginxString(value: string): string {
  if (CONTROL.test(value) || value.includes('$')) throw new UnsafeConfigValueError('nginx', value);
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * Several lines in one nginx quoted string (PHP_VALUE takes `key=value` lines): each line is
 * checked like `nginxString` and lines are joined by nginx's own `\n` escape.
 */
export function nginxLines(lines: readonly string[]): string {
  return `"${lines.map((l) => nginxString(l).slice(1, -1)).join('\\n')}"`;
}

/**
 * A value of a PHP-FPM pool file (an ini format): double-quoted. The ini parser expands `${..}`
 * inside quotes and has no reliable escape for `"` or `\`, so those are refused with newlines.
 */
export function fpmValue(value: string): string {
  if (CONTROL.test(value) || /["\\$]/.test(value))
    throw new UnsafeConfigValueError('php-fpm', value);
  return `"${value}"`;
}

/** A `key=value` line of PHP ini settings (PHP_VALUE): no `;` comment, quote, newline or `=` in the key. */
export function phpIniLine(key: string, value: string): string {
  if (!/^[a-z0-9_.]+$/.test(key) || CONTROL.test(value) || /["\\$;=]/.test(value)) {
    throw new UnsafeConfigValueError('php ini', `${key}=${value}`);
  }
  return `${key}=${value}`;
}

/**
 * A customer's PHP setting in a PHP-FPM pool: `php_value[key] = value`, the value unquoted as in
 * PHP_VALUE (the same ini parser reads both, so `E_ALL & ~E_NOTICE` and `Off` mean the same),
 * checked like `phpIniLine`: nothing in it can end the line or start another directive.
 */
export function fpmPhpValue(key: string, value: string): string {
  phpIniLine(key, value);
  return `php_value[${key}] = ${value}`;
}

/** Text shown by the browser's login prompt: printable ASCII without quotes, `\` and `$`. */
export function safeRealm(description: string, fallback = 'Restricted area'): string {
  const cleaned = description
    .replace(/[^\x20-\x7e]|["\\$]/g, '')
    .trim()
    .slice(0, 80);
  return cleaned.length > 0 ? cleaned : fallback;
}

/** One htpasswd line: the name may not hold `:` or whitespace, the hash must look like crypt output. */
export function htpasswdLine(name: string, hash: string): string {
  if (!/^[a-z0-9._-]{1,32}$/.test(name) || !/^\$[0-9a-z]+\$[./$A-Za-z0-9]+$/.test(hash)) {
    throw new UnsafeConfigValueError('htpasswd', name);
  }
  return `${name}:${hash}`;
}

/**
 * One line of a pure-ftpd passwd file: `login:hash:uid:gid::home/./:` + 12 empty fields. The
 * `/./` chroots the login to its home. `:` and newlines would shift fields, so they are refused.
 */
export function pureFtpdLine(
  login: string,
  hash: string,
  uid: number,
  gid: number,
  home: string,
): string {
  if (!/^[a-z][a-z0-9._-]{0,31}$/.test(login))
    throw new UnsafeConfigValueError('pure-ftpd login', login);
  if (!/^\$[A-Za-z0-9$=,./+-]+$/.test(hash))
    throw new UnsafeConfigValueError('pure-ftpd hash', login);
  if (!home.startsWith('/') || CONTROL.test(home) || home.includes(':'))
    throw new UnsafeConfigValueError('pure-ftpd home', home);
  if (!Number.isInteger(uid) || !Number.isInteger(gid) || uid < 0 || gid < 0)
    throw new UnsafeConfigValueError('pure-ftpd uid', String(uid));
  return `${login}:${hash}:${uid}:${gid}::${home.replace(/\/+$/, '')}/./::::::::::::`;
}
