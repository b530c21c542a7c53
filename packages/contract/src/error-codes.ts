import type { Endpoint } from './endpoint.ts';
import { COMMON_ERRORS, type ErrorsOf } from './errors.ts';
import * as account from './areas/account.ts';
import * as auth from './areas/auth.ts';
import * as databases from './areas/databases.ts';
import * as dns from './areas/dns.ts';
import * as filemanager from './areas/filemanager.ts';
import * as helpdesk from './areas/helpdesk.ts';
import * as webapps from './areas/webapps.ts';
import * as hosting from './areas/hosting.ts';
import * as jobs from './areas/jobs.ts';
import * as logs from './areas/logs.ts';
import * as shop from './areas/shop.ts';
import * as sitebuilder from './areas/sitebuilder.ts';
import * as statistics from './areas/statistics.ts';
import * as system from './areas/system.ts';
import * as webhosting from './areas/webhosting.ts';
import * as cron from './areas/cron.ts';
import * as ssl from './areas/ssl.ts';
import * as mail from './areas/mail.ts';
import * as mailLists from './areas/mail-lists.ts';

/** Every `custom_message` the API can answer: the common codes and each code an endpoint declares. */
export type ErrorCode =
  | ErrorsOf<typeof account>
  | ErrorsOf<typeof auth>
  | ErrorsOf<typeof databases>
  | ErrorsOf<typeof dns>
  | ErrorsOf<typeof filemanager>
  | ErrorsOf<typeof helpdesk>
  | ErrorsOf<typeof hosting>
  | ErrorsOf<typeof jobs>
  | ErrorsOf<typeof logs>
  | ErrorsOf<typeof shop>
  | ErrorsOf<typeof sitebuilder>
  | ErrorsOf<typeof statistics>
  | ErrorsOf<typeof system>
  | ErrorsOf<typeof webhosting>
  | ErrorsOf<typeof cron>
  | ErrorsOf<typeof ssl>
  | ErrorsOf<typeof webapps>
  | ErrorsOf<typeof mail>
  | ErrorsOf<typeof mailLists>;

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'errors' in value;

/**
 * Every endpoint of the contract, for checks that walk them all (error codes, their texts). A
 * function, not a constant: unused, it shakes out of the web build and keeps no schema alive.
 */
export function allEndpoints(): Endpoint[] {
  return [
    account,
    auth,
    databases,
    dns,
    filemanager,
    helpdesk,
    hosting,
    jobs,
    logs,
    shop,
    sitebuilder,
    statistics,
    system,
    webhosting,
    cron,
    ssl,
    webapps,
    mail,
    mailLists,
  ]
    .flatMap((area): unknown[] => Object.values(area))
    .filter(isEndpoint);
}

/** The codes an endpoint can answer: the common ones and those it declares. */
export const errorsOfEndpoint = (endpoint: Endpoint): readonly string[] => [
  ...COMMON_ERRORS,
  ...endpoint.errors,
];
