// The Debian packages Haven needs, in one place: `npm start` (system-packages.mjs) checks the
// services' packages, `npm test` (test-setup.mjs) those plus the tools the tests drive. Both
// install what is missing as root and otherwise print the exact commands to run.
import { spawnSync } from 'node:child_process';

/** The services the panel configures and runs (the local hosting node, databases, DNS, mail). */
export const SYSTEM_PACKAGES = [
  'nginx',
  'php-fpm',
  'php-mysql',
  'pdns-server',
  'pdns-backend-sqlite3',
  'pure-ftpd',
  'bind9-utils',
  'apache2-utils',
  'mariadb-server',
  'mariadb-client',
  'util-linux',
  // Cron jobs: the system cron daemon (Debian profile) and the PHP CLI the runner starts.
  'cron',
  'php-cli',
  'openssl',
  // The web apps' releases (HAVEN_WEBAPP_SOURCE=/usr/share) and the PHP CLI of their installers.
  'wordpress',
  'wordpress-theme-twentytwentythree',
  // WordPress's translations: a Dutch panel installs a Dutch site (nl_NL.mo).
  'wordpress-l10n',
  'adminer',
  'postfix',
  'dovecot-imapd',
  'dovecot-lmtpd',
  'dovecot-sieve',
  'rspamd',
  // The webmail (Roundcube with Haven's sign-on plugin), served by the node: no database set up
  // by the package (DEBCONF below); Haven makes Roundcube's SQLite database itself.
  'roundcube-core',
  'roundcube-sqlite3',
];

/**
 * What the tests drive besides the services: Chromium and a font for the end-to-end journeys,
 * `dig` (DNS answers), pebble (ACME), curl and lftp (HTTP and FTP clients), zip/unzip.
 */
export const TEST_TOOLS = [
  'chromium',
  'fonts-dejavu-core',
  'bind9-dnsutils',
  'pebble',
  'curl',
  'lftp',
  'zip',
  'unzip',
  'nats-server', // the nodes' bus (NATS JetStream): its tests start their own server
];

/** Everything `npm test` needs installed. */
export const TEST_PACKAGES = [...SYSTEM_PACKAGES, ...TEST_TOOLS];

/**
 * The packages' questions answered before they install: Postfix delivers locally only (no open
 * port to the world by default), no dbconfig-common database for Roundcube.
 */
export const DEBCONF = [
  'postfix postfix/main_mailer_type select Local only',
  'postfix postfix/mailname string haven.local',
  'roundcube-core roundcube/dbconfig-install boolean false',
];

/** The names of `dpkg-query -W -f='${Package} ${db:Status-Status}\n'` lines that are installed. */
export function installedIn(dpkgOutput) {
  return new Set(
    dpkgOutput
      .split('\n')
      .filter((line) => line.endsWith(' installed'))
      .map((line) => line.split(' ')[0]),
  );
}

/** The packages of `names` not installed here, or null without dpkg (not a Debian-like system). */
export function missingPackages(names) {
  const probe = spawnSync('dpkg-query', ['-W', '-f=${Package} ${db:Status-Status}\n', ...names], {
    encoding: 'utf8',
  });
  if (probe.error) return null;
  const installed = installedIn(probe.stdout);
  return names.filter((name) => !installed.has(name));
}

/** The one install command for `missing`. */
export const installCommand = (missing) =>
  `apt-get install -y --no-install-recommends ${missing.join(' ')}`;

/** The exact commands a user who is not root runs (with sudo) to install `missing`. */
export function installLines(missing) {
  return [
    `printf '%s\\n' ${DEBCONF.map((line) => `'${line}'`).join(' ')} | sudo debconf-set-selections`,
    'sudo apt-get update',
    `sudo DEBIAN_FRONTEND=noninteractive ${installCommand(missing)}`,
  ];
}

/**
 * As root: installs `missing` (preseeds, one `apt-get update`, then the install, without
 * questions or recommends). `run(cmd, args, options)` is spawnSync's shape. Answers null when
 * it worked, else the last lines of apt's output.
 */
export function installPackages(missing, run = spawnSync) {
  const options = { encoding: 'utf8', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  run('debconf-set-selections', [], { ...options, input: `${DEBCONF.join('\n')}\n` });
  const update = run('apt-get', ['update', '-qq'], options);
  const install =
    update.status === 0
      ? run(
          'apt-get',
          [
            'install',
            '-y',
            '-qq',
            '-o',
            'DPkg::Lock::Timeout=300',
            '--no-install-recommends',
            ...missing,
          ],
          options,
        )
      : update;
  if (install.status === 0) return null;
  return `${install.stderr || install.stdout || install.error || ''}`
    .trim()
    .split('\n')
    .slice(-8)
    .join('\n');
}
