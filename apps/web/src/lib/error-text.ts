import type { TFunction } from 'i18next';
import { isApiError } from './api.ts';

/** The code of a failed call; 'unknown' for anything that is not an API error. */
export function errorCode(error: unknown): string {
  return isApiError(error) ? error.code : 'unknown';
}

/**
 * Where each contract area's codes have their texts (the specs' catalogue), by endpoint tag. The
 * one table every screen's error text goes through; error-texts.test.ts checks it has a text
 * for every code each endpoint declares.
 */
export const ERROR_PREFIXES: Readonly<Record<string, readonly string[]>> = {
  account: ['account:error.'],
  auth: ['login:'],
  databases: ['databases:error.'],
  dns: ['dns:error.'],
  filemanager: ['filemanager:error.'],
  logs: ['logs:error.'],
  mail: ['mail:account.error.', 'mail-rules:error.'],
  'mail-forward': ['mail:forward.error.'],
  'mail-training': ['mail:training.error.'],
  'mail-webmail': ['mail:webmail.error.'],
  'mail-list': ['mail-lists:error.'],
  helpdesk: ['helpdesk:error.'],
  shop: ['shop:error.'],
  sitebuilder: ['shop:sitebuilder.error.'],
  cron: ['cron:error.'],
  ssl: ['ssl:error.'],
  statistics: ['statistics:error.'],
  webapps: ['webapps:error.'],
  webhosting: [
    'webhosting:subdomain.error.',
    'webhosting:webuser.error.',
    'webhosting:protected_directory.error.',
  ],
};

/**
 * The text of a failed call: the first of `<prefix><code>` for the given prefixes (a screen's
 * own part of its area's catalogue first), then the answering area's catalogue, then the
 * generic `errors:<code>`, then 'errors:unknown'. Never the bare code.
 */
export function errorText(t: TFunction, error: unknown, prefixes: readonly string[] = []): string {
  const code = errorCode(error);
  const area = isApiError(error) && error.area ? (ERROR_PREFIXES[error.area] ?? []) : [];
  const keys = [...new Set([...prefixes, ...area])].map((prefix) => `${prefix}${code}`);
  return t([...keys, `errors:${code}`, 'errors:unknown']);
}

/** Network failures and server faults are not the user's doing: the generic texts fit best. */
export function isServerFault(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status >= 500);
}
