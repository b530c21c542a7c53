/**
 * Webhosting I (specs part 1 §2-9): subdomains with PHP versions and ini settings, web users
 * (FTP accounts) and protected directories. Split by screen under `webhosting/`.
 */
export * from './webhosting/names.ts';
export * from './webhosting/php-ini.ts';
export * from './webhosting/subdomain.ts';
export * from './webhosting/webuser.ts';
export * from './webhosting/protected-directory.ts';
