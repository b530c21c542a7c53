import { join } from 'node:path';

/** Where the web server's files live and how its programs are called, per profile. */
export interface WebServerLayout {
  profile: 'local' | 'debian';
  /** One `<domain>.conf` per domain with its server blocks. */
  sitesDir: string;
  /**
   * One `<domain>.conf` per website forward (DNS FORWARD record). Included before `sitesDir`:
   * nginx keeps the first server block of a name, so the forward wins over the domain's www site.
   */
  forwardsDir: string;
  /** Sites Haven serves for itself, not for a customer: the webmail (`webmail.conf`). */
  panelSitesDir: string;
  /** `<domain>/<dir id>` htpasswd files, readable by nginx, outside every document root. */
  htpasswdDir: string;
  /** Haven's copy of the FastCGI parameters the server blocks include. */
  fastcgiParams: string;
  /** Sockets of the pools; kept short (a unix socket path has 107 bytes). */
  socketDir: string;
  /** `listen` values of every server block: `127.0.0.1:8081`, `80`, `[::]:80`. */
  listen: string[];
  /** `listen` values of the HTTPS server blocks (`127.0.0.1:8443`, `443`); empty: no HTTPS. */
  tlsListen: string[];
  /**
   * Haven-owned root of the ACME HTTP-01 answers: `<root>/.well-known/acme-challenge/<token>`,
   * served for every host name (never from the customer's document root).
   */
  acmeChallengeRoot: string;
  /** `<domain>/certificate.pem` of each domain's certificate: its key and chain (acme-files.ts). */
  certDir: string;
  /** The account nginx workers and PHP pools run as; null when Haven is not root (it cannot switch). */
  runAs: { user: string; group: string } | null;
  nginx: {
    /** Local profile: the main config Haven generates (includes `sitesDir`); debian: the include file it drops in conf.d. */
    mainConf: string;
    prefix: string | null;
    pidFile: string;
    testArgs: string[];
    reloadArgs: string[];
  };
  php: {
    poolDir(version: string): string;
    /** Debian: the distribution's php-fpm.conf, which reads every pool (local: unused, see masterDir). */
    mainConf(version: string): string;
    pidFile(version: string): string;
    /**
     * Local profile: `haven-d<id>.conf` of each domain's own PHP-FPM master (one per domain and
     * version), so a change reloads that domain alone. Null: the pools share the distribution's master.
     */
    masterDir(version: string): string | null;
  };
}

export function localLayout(
  base: string,
  listen: string[],
  runAs: WebServerLayout['runAs'],
  tlsListen: string[] = [],
): WebServerLayout {
  const nginxDir = join(base, 'nginx');
  const mainConf = join(nginxDir, 'nginx.conf');
  const prefix = `${nginxDir}/`;
  const phpDir = (v: string) => join(base, 'php', v);
  return {
    profile: 'local',
    sitesDir: join(nginxDir, 'sites'),
    forwardsDir: join(nginxDir, 'forwards'),
    panelSitesDir: join(nginxDir, 'panel'),
    htpasswdDir: join(nginxDir, 'htpasswd'),
    fastcgiParams: join(nginxDir, 'fastcgi-params.conf'),
    socketDir: join(base, 'run'),
    listen,
    tlsListen,
    acmeChallengeRoot: join(base, 'acme'),
    certDir: join(nginxDir, 'certs'),
    runAs,
    nginx: {
      mainConf,
      prefix,
      pidFile: join(nginxDir, 'nginx.pid'),
      testArgs: ['-t', '-q', '-c', mainConf, '-p', prefix],
      reloadArgs: ['-s', 'reload', '-c', mainConf, '-p', prefix],
    },
    php: {
      poolDir: (v) => join(phpDir(v), 'pool.d'),
      mainConf: (v) => join(phpDir(v), 'php-fpm.conf'),
      pidFile: (v) => join(phpDir(v), 'php-fpm.pid'),
      masterDir: (v) => join(phpDir(v), 'masters'),
    },
  };
}

export function debianLayout(
  listen: string[],
  runAs: WebServerLayout['runAs'],
  tlsListen: string[] = [],
): WebServerLayout {
  return {
    profile: 'debian',
    sitesDir: '/etc/nginx/haven/sites',
    forwardsDir: '/etc/nginx/haven/forwards',
    panelSitesDir: '/etc/nginx/haven/panel',
    htpasswdDir: '/etc/nginx/haven/htpasswd',
    fastcgiParams: '/etc/nginx/haven/fastcgi-params.conf',
    socketDir: '/run/php',
    listen,
    tlsListen,
    acmeChallengeRoot: '/var/lib/haven/acme',
    certDir: '/etc/nginx/haven/certs',
    runAs,
    nginx: {
      mainConf: '/etc/nginx/conf.d/haven.conf',
      prefix: null,
      pidFile: '/run/nginx.pid',
      testArgs: ['-t', '-q'],
      reloadArgs: ['-s', 'reload'],
    },
    php: {
      poolDir: (v) => `/etc/php/${v}/fpm/pool.d`,
      mainConf: (v) => `/etc/php/${v}/fpm/php-fpm.conf`,
      pidFile: (v) => `/run/php/php${v}-fpm.pid`,
      masterDir: () => null,
    },
  };
}
