import type { MigrationDef } from './helpers.ts';
import { foundation } from './0001-foundation.ts';
import { webhosting } from './0100-webhosting.ts';
import { databasesMigration } from './0200-databases.ts';
import { dnsMigration } from './0300-dns.ts';
import { shop } from './0400-shop.ts';
import { filemanagerMigration } from './0500-filemanager.ts';
import { domainOrderMigration } from './0600-domain-order.ts';
import { dnsRemoteNsMigration } from './0700-dns-remote-ns.ts';
import { shopWithdrawMigration } from './0710-shop-withdraw.ts';
import { dnsForwardRedirectMigration } from './0720-dns-forward-redirect.ts';
import { sessionRotationMigration } from './0730-session-rotation.ts';
import { informalTextsMigration } from './0780-informal-texts.ts';
import { helpdeskMigration } from './0810-helpdesk.ts';
import { sslMigration } from './0820-ssl.ts';
import { subdomainWebuserIndexMigration } from './0900-subdomain-webuser-index.ts';
import { cronMigration } from './0850-cron.ts';
import { logsMigration } from './0830-logs.ts';
import { statisticsMigration } from './0840-statistics.ts';
import { webappsMigration } from './0880-webapps.ts';
import { helpdeskTicketsMigration } from './0890-helpdesk-tickets.ts';
import { mailMigration } from './0910-mail.ts';
import { mailListsMigration } from './0920-mail-lists.ts';
import { webmailMigration } from './0930-webmail.ts';
import { readIndexesMigration } from './0940-read-indexes.ts';
import { dnsServedForMigration } from './0950-dns-served-for.ts';
import { instapDiskQuotaMigration } from './0960-instap-disk-quota.ts';
import { nodesMigration } from './0970-nodes.ts';
import { operationDomainMigration } from './0980-operation-domain.ts';

/** Every migration in order. Later areas append theirs; never edit one that has shipped. */
export const MIGRATIONS: readonly MigrationDef[] = [
  foundation,
  webhosting,
  databasesMigration,
  dnsMigration,
  shop,
  filemanagerMigration,
  domainOrderMigration,
  dnsRemoteNsMigration,
  shopWithdrawMigration,
  dnsForwardRedirectMigration,
  sessionRotationMigration,
  informalTextsMigration,
  helpdeskMigration,
  sslMigration,
  subdomainWebuserIndexMigration,
  cronMigration,
  logsMigration,
  statisticsMigration,
  webappsMigration,
  helpdeskTicketsMigration,
  mailMigration,
  mailListsMigration,
  webmailMigration,
  readIndexesMigration,
  dnsServedForMigration,
  instapDiskQuotaMigration,
  nodesMigration,
  operationDomainMigration,
];
