// `npm test`'s first step, the way `npm start` checks its services: the Debian packages the tests
// need (debian-packages.mjs) and the databases they use, answering. As root it installs what is
// missing and starts what does not answer; otherwise it prints the exact commands and the run
// stops. HAVEN_TEST_SKIP=system leaves the check out.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import {
  TEST_PACKAGES,
  installLines,
  installPackages,
  missingPackages,
} from './debian-packages.mjs';

const LOCAL = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** The packages `npm test` needs here: with HAVEN_TEST_PG on this machine, PostgreSQL too. */
export function testPackages(env) {
  const pg = env.HAVEN_TEST_PG ? new URL(env.HAVEN_TEST_PG) : null;
  return pg && LOCAL.has(pg.hostname) ? [...TEST_PACKAGES, 'postgresql'] : TEST_PACKAGES;
}

/**
 * The database servers the tests use: MariaDB at MARIADB_URL (the panel's default,
 * root@127.0.0.1:3306, which the end-to-end journeys use) and PostgreSQL at HAVEN_TEST_PG when set.
 * Each: how to ask whether it answers, and how root starts it on this machine.
 */
export function testServices(env) {
  const maria = new URL(env.MARIADB_URL ?? 'mysql://root@127.0.0.1:3306');
  const services = [
    {
      name: `MariaDB on ${maria.host}`,
      // Only the machine's own server (Debian's, on 3306) is ours to start.
      local: LOCAL.has(maria.hostname) && (maria.port || '3306') === '3306',
      // `ping` exits 0 whenever the server answers, even if it refuses the login.
      probe: [
        'mariadb-admin',
        [
          '--protocol=tcp',
          '-h',
          maria.hostname,
          '-P',
          maria.port || '3306',
          '--connect-timeout=2',
          'ping',
        ],
      ],
      start: [
        // Debian's socket folder (systemd's tmpfiles make it at boot; a container may lack it).
        ['install', ['-d', '-o', 'mysql', '-g', 'mysql', '/run/mysqld']],
        [
          'start-stop-daemon',
          ['--start', '--oknodo', '--background', '--exec', '/usr/sbin/mariadbd'],
        ],
      ],
    },
  ];
  if (env.HAVEN_TEST_PG) {
    const pg = new URL(env.HAVEN_TEST_PG);
    const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
    services.push({
      name: `PostgreSQL on ${pg.host} (HAVEN_TEST_PG)`,
      local: LOCAL.has(pg.hostname),
      probe: ['pg_isready', ['-q', '-h', pg.hostname, '-p', pg.port || '5432']],
      start: versions.map((v) => [
        'pg_ctlcluster',
        ['--skip-systemctl-redirect', v, 'main', 'start'],
      ]),
    });
  }
  return services;
}

const shell = ([cmd, args]) => [cmd, ...args].join(' ');

/**
 * Checks (and as root fixes) the machine; answers the exit code: 0 when the tests can run.
 * Everything it touches is injectable for its unit test.
 */
export async function prepareTestMachine({
  env = process.env,
  root = process.getuid?.() === 0,
  packages = testPackages(env),
  findMissing = missingPackages,
  run = spawnSync,
  log = console.log,
  sleep = (ms) => new Promise((r) => setTimeout(r, ms)),
} = {}) {
  const missing = findMissing(packages);
  if (missing === null) {
    log(
      `No dpkg here: install the equivalents of these Debian packages yourself:\n  ${packages.join(' ')}`,
    );
  } else if (missing.length > 0 && !root) {
    log(`The tests need these Debian packages, not installed here:\n  ${missing.join(' ')}`);
    log(`Install them as root, then run npm test again:\n  ${installLines(missing).join('\n  ')}`);
    return 1;
  } else if (missing.length > 0) {
    log(`Installing the Debian packages the tests need: ${missing.join(' ')}`);
    const failed = installPackages(missing, run);
    if (failed !== null) {
      log(`The install failed:\n${failed}`);
      return 1;
    }
  }
  const answers = (s) => run(s.probe[0], s.probe[1], { encoding: 'utf8' }).status === 0;
  for (const service of testServices(env)) {
    if (answers(service)) continue;
    if (!root || !service.local || service.start.length === 0) {
      log(`${service.name} does not answer (${shell(service.probe)}).`);
      if (service.local && service.start.length)
        log(
          `Start it as root, then run npm test again:\n  ${service.start.map((c) => `sudo ${shell(c)}`).join('\n  ')}`,
        );
      return 1;
    }
    log(`Starting ${service.name}`);
    for (const [cmd, args] of service.start) run(cmd, args, { encoding: 'utf8', stdio: 'ignore' });
    let up = false;
    for (let i = 0; i < 30 && !(up = answers(service)); i++) await sleep(1000);
    if (!up) {
      log(`${service.name} did not answer within 30 s of: ${service.start.map(shell).join('; ')}`);
      return 1;
    }
  }
  return 0;
}
