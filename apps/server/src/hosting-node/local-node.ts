import { join } from 'node:path';
import { localCaRootFile } from '../platform/acme/local-ca.ts';
import type { Config } from '../config.ts';
import { localLayout } from '../platform/web-server/layout.ts';
import { findPhpVersions, PHP_FPM_DIRS } from '../platform/web-server/php-versions.ts';
import { nginxService } from '../platform/supervisor/nginx.service.ts';
import { phpFpmService } from '../platform/supervisor/php-fpm.service.ts';
import { powerDnsService } from '../platform/supervisor/powerdns.service.ts';
import { localMailLayout } from '../platform/mail-server/layout.ts';
import { dovecotService } from '../platform/supervisor/dovecot.service.ts';
import { postfixService } from '../platform/supervisor/postfix.service.ts';
import { pureFtpdService } from '../platform/supervisor/pure-ftpd.service.ts';
import { cronService } from '../platform/supervisor/cron.service.ts';
import { rspamdService } from '../platform/supervisor/rspamd.service.ts';
import { reloadWhenRunning } from './reload-when-running.ts';
import type { MailFilterHost } from '../platform/mail-filter/mail-filter.port.ts';
import type { MailListHost } from '../platform/list-expander/list-expander.port.ts';
import { ftpTransferLog } from '../platform/traffic-logs/traffic-logs.local.ts';
import type { SupervisedService } from '../platform/supervisor/service.ts';
import { loadServiceSettings, type ServiceSettings } from './settings.ts';
import { nodeWebmail } from './node-webmail.ts';
import { servicesDir } from '../platform/supervisor/state-file.ts';
import {
  createSupervisor,
  type Supervisor,
  type SupervisorLog,
} from '../platform/supervisor/supervisor.ts';
import { letWebAccountIn, webRunAs } from '../platform/supervisor/web-account.ts';

/** The local profile's hosting node: the services Haven configures, run and watched by Haven. */
export interface LocalNode {
  supervisor: Supervisor;
  settings: ServiceSettings;
  /** The supervised PowerDNS API, when it runs (the DNS area uses it unless PDNS_API_URL is set). */
  powerDns: { url: string; apiKey: string } | null;
  /** The supervised rspamd for the mail area's rules (null when HAVEN_MAIL_FILTER is off). */
  mailFilter: MailFilterHost | null;
  /** Where the mailing lists' expander listens (in Haven's process) and the SMTP it sends through. */
  mailLists: MailListHost;
  /** Where the node serves Roundcube (null: not installed); HAVEN_WEBMAIL_URL wins when set. */
  webmailUrl: string | null;
  /** Lines for the start banner: where each service answers. */
  banner(): string[];
  stop(): Promise<void>;
}

export interface LocalNodeOptions {
  env?: NodeJS.ProcessEnv;
  log: SupervisorLog;
  /** Tests: quicker restarts and a narrower PHP search. */
  backoffMs?: number;
  phpDirs?: readonly string[];
}

/** Every service of the node, in start order; a later area adds its own module here. */
async function nodeServices(
  config: Config,
  settings: ServiceSettings,
  env: NodeJS.ProcessEnv,
  phpDirs: readonly string[],
  log: SupervisorLog,
) {
  const dir = servicesDir(config.dataDir);
  const runAs = await webRunAs(settings.web.user);
  // The same layout the webhosting area builds (webhosting.platform.ts) for the local profile.
  const layout = localLayout(
    join(config.dataDir, 'web'),
    settings.web.listen,
    runAs,
    settings.web.tlsListen,
  );
  const ftpDir = join(config.dataDir, 'ftp');
  const pdns = powerDnsService(settings.dns.port, settings.dns.apiPort, join(dir, 'pdns'));
  const mail = mailServices(config.dataDir, settings, dir);
  const php = await findPhpVersions(phpDirs);
  const webmail = nodeWebmail(config, settings, layout, php.at(-1) ?? null);
  const services: SupervisedService[] = [
    ...php.map((v) =>
      phpFpmService(v, layout, runAs, join(dir, `php-fpm-${v.version}`), (m) => log('error', m)),
    ),
    ...(php.length === 0 ? [notInstalled('php-fpm', 'php-fpm')] : []),
    webmail,
    nginxService(layout, settings.web.port, join(dir, 'nginx'), [webmail.site]),
    pureFtpdService(
      { passwdFile: join(ftpDir, 'pureftpd.passwd'), pdbFile: join(ftpDir, 'pureftpd.pdb') },
      settings.ftp.port,
      settings.ftp.passive,
      join(dir, 'pure-ftpd'),
      ftpTransferLog(config.dataDir),
    ),
    pdns,
    cronService(config.dataDir, join(dir, 'cron')),
    ...mail.services,
  ];
  return { services, pdns, runAs, rspamd: mail.rspamd, webmail };
}

/**
 * Dovecot first (Postfix delivers to its LMTP), rspamd (Postfix's milter: DKIM signing, spam
 * settings) unless HAVEN_MAIL_FILTER is off, then Postfix; all on the data dir's mail layout.
 * Postfix passes mail on while rspamd starts or is down (`milter_default_action = accept`).
 */
export function mailServices(dataDir: string, settings: ServiceSettings, dir: string) {
  const layout = localMailLayout(dataDir);
  const { smtpPort, imapPort, lmtpPort } = settings.mail;
  const { profile, port, redis } = settings.filter;
  const rspamd =
    profile === 'off'
      ? null
      : rspamdService(
          join(dir, 'rspamd'),
          { milter: port, normal: port + 1, controller: port + 2 },
          { redis, profile },
        );
  const milter = settings.mail.milter || (rspamd?.milter ?? '');
  const services: SupervisedService[] = [
    dovecotService(
      layout,
      { imap: imapPort, lmtp: lmtpPort, smtp: smtpPort },
      join(dir, 'dovecot'),
    ),
    ...(rspamd ? [rspamd] : []),
    postfixService(layout, { smtp: smtpPort, lmtp: lmtpPort, milter }, join(dir, 'postfix')),
  ];
  return { services, rspamd };
}

function notInstalled(name: string, pkg: string): SupervisedService {
  return {
    name,
    address: '-',
    reloadSignal: 'SIGHUP',
    missing: async () => pkg,
    prepare: async () => undefined,
    command: () => ({ cmd: name, args: [] }),
    healthy: async () => false,
  };
}

/** Starts the node when the settings ask for it (local profile, HAVEN_SERVICES not off); else null. */
export async function startLocalNode(
  config: Config,
  options: LocalNodeOptions,
): Promise<LocalNode | null> {
  const env = options.env ?? process.env;
  const settings = loadServiceSettings(config.profile, env);
  if (!settings.enabled) return null;
  const { services, pdns, runAs, rspamd, webmail } = await nodeServices(
    config,
    settings,
    env,
    options.phpDirs ?? PHP_FPM_DIRS,
    options.log,
  );
  if (runAs) await letWebAccountIn(config.dataDir, (m) => options.log('warn', m));
  const supervisor = createSupervisor({
    services,
    dir: servicesDir(config.dataDir),
    log: options.log,
    stopTimeoutMs: settings.stopTimeoutMs,
    ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}),
  });
  await supervisor.start();
  const pdnsState = supervisor.statuses().find((s) => s.name === pdns.name)?.state;
  const powerDns =
    pdnsState === 'running' || pdnsState === 'starting' || pdnsState === 'failing'
      ? { url: pdns.apiUrl, apiKey: await pdns.apiKey() }
      : null;
  const webmailState = supervisor.statuses().find((s) => s.name === webmail.name)?.state;
  const webmailUrl = webmailState && webmailState !== 'not-installed' ? webmail.url : null;
  return {
    supervisor,
    settings,
    powerDns,
    mailFilter: rspamd
      ? {
          layout: rspamd.layout,
          controllerUrl: rspamd.controllerUrl,
          reload: reloadWhenRunning(supervisor, rspamd.name),
        }
      : null,
    mailLists: { port: settings.mail.listPort, smtpPort: settings.mail.smtpPort },
    webmailUrl,
    banner() {
      const state = (name: string) =>
        supervisor.statuses().find((s) => s.name === name)?.state ?? 'not-installed';
      const mark = (name: string) => (state(name) === 'running' ? '' : `  (${state(name)})`);
      return [
        `web:  http://<subdomain>.<domain>.localhost:${settings.web.port}/${mark('nginx')}`,
        ...settings.web.tlsListen
          .slice(0, 1)
          .map(
            (l) =>
              `https: https://<subdomain>.<domain>.localhost:${/(\d+)$/.exec(l)?.[1] ?? l}/ (SSL screen; trust Haven's local CA: ${localCaRootFile(config.dataDir)})`,
          ),
        `FTP:  127.0.0.1:${settings.ftp.port}${mark('pure-ftpd')}`,
        `DNS:  dig @127.0.0.1 -p ${settings.dns.port} <name>${mark('pdns')}`,
        `SMTP: 127.0.0.1:${settings.mail.smtpPort}${mark('postfix')}`,
        `IMAP: 127.0.0.1:${settings.mail.imapPort}${mark('dovecot')}`,
        ...(webmailUrl ? [`webmail: ${webmailUrl} (Roundcube)${mark('roundcube')}`] : []),
        `lists: 127.0.0.1:${settings.mail.listPort} (LMTP, Haven's list expander)`,
        ...(rspamd ? [`rspamd: ${rspamd.controllerUrl} (DKIM, spam)${mark('rspamd')}`] : []),
      ];
    },
    stop: () => supervisor.stop(),
  };
}

/**
 * The config the areas get: the DNS area uses the supervised PowerDNS when PDNS_API_URL is not
 * set, the mail area the node's Roundcube when HAVEN_WEBMAIL_URL is not. (The one place where
 * the node reaches into the config; redo it on a reshaped config.)
 */
export function withLocalNode(config: Config, node: LocalNode | null): Config {
  if (!node) return config;
  const pdns = node.powerDns && !config.dns.pdnsApiUrl ? node.powerDns : null;
  const webmailUrl = config.mail.webmailUrl ?? node.webmailUrl;
  return {
    ...config,
    dns: pdns ? { ...config.dns, pdnsApiUrl: pdns.url, pdnsApiKey: pdns.apiKey } : config.dns,
    mail: { ...config.mail, webmailUrl },
  };
}
