/**
 * The only characters a name may have when it reaches SQL text or argv. The contract allows no
 * more; this second check keeps the adapter safe on its own.
 */
const NAME = /^[a-z0-9][a-z0-9_]*$/;
export const MAX_DATABASE_NAME = 64;
export const MAX_USER_NAME = 32;
/** Customer logins may connect from any host: a hosting web server is often not the database host. */
export const USER_HOST = '%';

function checked(name: string, max: number): string {
  if (name.length > max || !NAME.test(name))
    throw new Error(`unsafe MariaDB name: ${JSON.stringify(name)}`);
  return name;
}

export const checkDatabaseName = (name: string) => checked(name, MAX_DATABASE_NAME);
export const checkUserName = (name: string) => checked(name, MAX_USER_NAME);

/** `name` -> `` `name` `` for statements that take the name literally (CREATE/DROP DATABASE). */
export function databaseIdent(name: string): string {
  return `\`${checkDatabaseName(name)}\``;
}

/**
 * The database as a GRANT target. At database level `_` and `%` are wildcards: `shop_1` would
 * also match `shopx1`. Escaping `_` makes the grant cover exactly this database.
 */
export function grantTarget(name: string): string {
  return `\`${checkDatabaseName(name).replace(/_/g, '\\_')}\`.*`;
}

/** `'name'@'%'`; the name holds no quote or backslash, so it cannot end the literal. */
export function account(name: string): string {
  return `'${checkUserName(name)}'@'${USER_HOST}'`;
}

/** `prefix_` as a LIKE pattern that matches only names starting with it (`_` is a LIKE wildcard). */
export function prefixLike(prefix: string): string {
  return `${checked(prefix, MAX_USER_NAME).replace(/_/g, '\\_')}\\_%`;
}
