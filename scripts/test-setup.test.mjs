import { describe, expect, it } from 'vitest';
import { DEBCONF, SYSTEM_PACKAGES, TEST_PACKAGES, missingPackages } from './debian-packages.mjs';
import { prepareTestMachine, testPackages } from './test-setup.mjs';

const ENV = { MARIADB_URL: 'mysql://root@127.0.0.1:3306' };

/** A spawnSync stand-in: records each command, answers `status(cmd, args)` (0 by default). */
function fakeRun(status = () => 0) {
  const calls = [];
  const run = (cmd, args, options = {}) => {
    calls.push({ cmd, args, input: options.input });
    return { status: status(cmd, args, calls), stdout: '', stderr: `${cmd} said no` };
  };
  return { run, calls, lines: () => calls.map((c) => [c.cmd, ...c.args].join(' ')) };
}

function machine(options) {
  const out = [];
  const done = prepareTestMachine({
    env: ENV,
    log: (line) => out.push(line),
    sleep: async () => {},
    ...options,
  });
  return done.then((code) => ({ code, text: out.join('\n') }));
}

describe("npm test's check of the machine (scripts/test-setup.mjs)", () => {
  it('needs the tools of .ci/run and every package npm start installs, in one list', () => {
    for (const name of [...SYSTEM_PACKAGES, 'chromium', 'bind9-dnsutils', 'lftp', 'pebble', 'curl'])
      expect(TEST_PACKAGES).toContain(name);
    expect(testPackages({})).not.toContain('postgresql');
    expect(testPackages({ HAVEN_TEST_PG: 'postgres://postgres@127.0.0.1:5432/test' })).toContain(
      'postgresql',
    );
    expect(testPackages({ HAVEN_TEST_PG: 'postgres://db.example.test/test' })).not.toContain(
      'postgresql',
    );
  });

  it('not root, a package missing (asked of the real dpkg): prints the exact install line and stops', async () => {
    const { run, calls } = fakeRun();
    const { code, text } = await machine({
      root: false,
      run,
      // A name no Debian ships beside one every Debian has: only the first is missing.
      packages: ['haven-no-such-package', 'dpkg'],
    });
    expect(code).toBe(1);
    expect(text).toMatch(
      /^ {2}sudo DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends haven-no-such-package$/m,
    );
    expect(text).not.toMatch(/install.* dpkg/);
    expect(text).toContain(`'${DEBCONF[0]}'`);
    expect(calls).toEqual([]); // nothing installed, no service probed
  });

  it('as root: preseeds, updates once and installs only the missing packages, without recommends', async () => {
    const { run, calls, lines } = fakeRun();
    const { code } = await machine({ root: true, run, findMissing: () => ['lftp', 'pebble'] });
    expect(code).toBe(0);
    expect(lines().slice(0, 3)).toEqual([
      'debconf-set-selections',
      'apt-get update -qq',
      'apt-get install -y -qq -o DPkg::Lock::Timeout=300 --no-install-recommends lftp pebble',
    ]);
    expect(calls[0]?.input).toBe(`${DEBCONF.join('\n')}\n`);
    expect(lines()[3]).toMatch(/^mariadb-admin --protocol=tcp -h 127.0.0.1 -P 3306 .*ping$/);
  });

  it('as root: a failed install stops the run with apt’s words', async () => {
    const { run } = fakeRun((cmd, args) => (cmd === 'apt-get' && args[0] === 'install' ? 100 : 0));
    const { code, text } = await machine({ root: true, run, findMissing: () => ['lftp'] });
    expect(code).toBe(1);
    expect(text).toContain('apt-get said no');
  });

  it('nothing missing: no apt at all', async () => {
    const { run, lines } = fakeRun();
    expect((await machine({ root: true, run, findMissing: () => [] })).code).toBe(0);
    expect(lines().some((l) => l.startsWith('apt-get'))).toBe(false);
  });

  it('as root: starts MariaDB when it does not answer, then waits for it', async () => {
    let started = false;
    const { run, lines } = fakeRun((cmd) => {
      if (cmd === 'start-stop-daemon') started = true;
      return cmd === 'mariadb-admin' && !started ? 1 : 0;
    });
    expect((await machine({ root: true, run, findMissing: () => [] })).code).toBe(0);
    expect(lines()).toContain(
      'start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd',
    );
  });

  it('not root: MariaDB not answering stops the run and says how to start it', async () => {
    const { run, lines } = fakeRun((cmd) => (cmd === 'mariadb-admin' ? 1 : 0));
    const { code, text } = await machine({ root: false, run, findMissing: () => [] });
    expect(code).toBe(1);
    expect(text).toContain('sudo start-stop-daemon --start --oknodo --background');
    expect(lines().some((l) => l.startsWith('start-stop-daemon'))).toBe(false);
  });

  it('HAVEN_TEST_PG: PostgreSQL is probed at its host and port', async () => {
    const { run, lines } = fakeRun((cmd) => (cmd === 'pg_isready' ? 1 : 0));
    const { code, text } = await machine({
      env: { ...ENV, HAVEN_TEST_PG: 'postgres://postgres@127.0.0.1:5433/test' },
      root: false,
      run,
      findMissing: () => [],
    });
    expect(code).toBe(1);
    expect(lines()).toContain('pg_isready -q -h 127.0.0.1 -p 5433');
    expect(text).toContain('PostgreSQL on 127.0.0.1:5433 (HAVEN_TEST_PG) does not answer');
  });

  it('asks the real dpkg: this machine has dpkg itself', () => {
    expect(missingPackages(['dpkg'])).toEqual([]);
  });
});
