// The Debian packages of the services the panel configures and runs (the local hosting node, the
// database and DNS checks). Run by `npm start` before the build: as root it installs what is
// missing; otherwise it says exactly what to install and the panel starts without those services.
// HAVEN_SKIP_SYSTEM_PACKAGES=1 skips it.
import { spawnSync } from 'node:child_process';

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

/** Answers the packages' questions: no dbconfig-common database for Roundcube. */
export const DEBCONF = 'roundcube-core roundcube/dbconfig-install boolean false';

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { encoding: 'utf8', env: { ...process.env, ...env } });

function missingPackages() {
  const probe = run('dpkg-query', [
    '-W',
    '-f=${Package} ${db:Status-Status}\n',
    ...SYSTEM_PACKAGES,
  ]);
  if (probe.error) return null; // not a Debian-like system
  const installed = new Set(
    probe.stdout
      .split('\n')
      .filter((line) => line.endsWith(' installed'))
      .map((line) => line.split(' ')[0]),
  );
  return SYSTEM_PACKAGES.filter((name) => !installed.has(name));
}

function main() {
  if (process.env.HAVEN_SKIP_SYSTEM_PACKAGES === '1') return;
  const missing = missingPackages();
  if (missing === null) {
    console.log(
      'Haven: no dpkg here; install nginx, PHP-FPM, PowerDNS (sqlite3 backend), pure-ftpd and MariaDB yourself to run the hosting services.',
    );
    return;
  }
  if (missing.length === 0) return;
  const command = `apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.log(
      `Haven: these services are not installed, so the panel starts without them:\n  ${missing.join(', ')}\nInstall them as root:\n  echo "${DEBCONF}" | sudo debconf-set-selections\n  sudo apt-get update && sudo ${command}\n`,
    );
    return;
  }
  console.log(
    `Haven: installing the Debian packages of the services it runs: ${missing.join(' ')}`,
  );
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('debconf-set-selections', [], { input: `${DEBCONF}\n`, encoding: 'utf8' });
  const update = run('apt-get', ['update', '-qq'], env);
  const install =
    update.status === 0
      ? run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], env)
      : update;
  if (install.status !== 0) {
    console.log(
      `Haven: the install failed; the panel starts without these services.\n${(install.stderr || install.stdout).trim().split('\n').slice(-5).join('\n')}\nRun it yourself: ${command}\n`,
    );
  }
}

main();
