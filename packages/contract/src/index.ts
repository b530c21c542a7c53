// The whole contract, for the server, e2e and bench. The web imports the per-area entries
// (package.json `exports`) so a page loads only the areas it uses.
export * from './shared.ts';
export { allEndpoints, errorsOfEndpoint, type ErrorCode } from './error-codes.ts';
export * as auth from './areas/auth.ts';
export * as account from './areas/account.ts';
export * as jobs from './areas/jobs.ts';
export * as system from './areas/system.ts';
export * as hosting from './areas/hosting.ts';
export * as helpdesk from './areas/helpdesk.ts';
export * as databases from './areas/databases.ts';
export * as filemanager from './areas/filemanager.ts';
export {
  FILEMANAGER_LIMITS,
  fileNameProblem,
  type FileEntry,
  type TrashItem,
} from './areas/filemanager.ts';
export { AUTH_ERRORS, type AuthError } from './areas/auth.ts';
export { type User, type UserDomain, type Notification } from './areas/account.ts';
export { type Job } from './areas/jobs.ts';
export * as dns from './areas/dns.ts';
export * as shop from './areas/shop.ts';
export * as sitebuilder from './areas/sitebuilder.ts';
export * from './areas/shop-cart.ts';
export { type CartStatus, type Pricing, type Product, type InvoiceSummary } from './areas/shop.ts';
export { type SitebuilderState } from './areas/sitebuilder.ts';
export * as webhosting from './areas/webhosting.ts';
export * as cron from './areas/cron.ts';
export * as ssl from './areas/ssl.ts';
export * as logs from './areas/logs.ts';
export { LOG_LIMITS, type LogFile, type LogFilter } from './areas/logs.ts';
export * as statistics from './areas/statistics.ts';
export * as webapps from './areas/webapps.ts';
export * as mail from './areas/mail.ts';
export * as mailRules from './areas/mail-rules.ts';
export * as mailLists from './areas/mail-lists.ts';
export * as nodes from './areas/nodes.ts';
