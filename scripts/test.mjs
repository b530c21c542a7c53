// `npm test`: every check in order, then one closing line with the counts of all runners.
// Steps: system (the Debian packages and databases the tests need, test-setup.mjs: as root it
// installs and starts them, otherwise the run stops with the commands to run), typecheck, lint,
// format (Prettier), unit + API tests (SQLite; the SQL's tests on PostgreSQL too when HAVEN_TEST_PG
// is set), web build, Playwright end-to-end. Set HAVEN_TEST_SKIP=e2e,lint to leave steps out locally.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareTestMachine } from './test-setup.mjs';

const skip = new Set((process.env.HAVEN_TEST_SKIP ?? '').split(',').filter(Boolean));
// First, and alone: without its packages and databases a run would fail or skip whole suites.
if (skip.has('system')) console.log('\n== system: skipped (HAVEN_TEST_SKIP)');
else {
  console.log('\n== system: the Debian packages and databases the tests need');
  const started = Date.now();
  const code = await prepareTestMachine();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (code !== 0) {
    console.log(`== system: FAILED in ${seconds} s: nothing else ran`);
    process.exit(code);
  }
  console.log(`== system: ok in ${seconds} s`);
}
const out = mkdtempSync(join(tmpdir(), 'haven-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const failedTests = [];
const timings = [];

function step(name, cmd, args, env = {}) {
  if (skip.has(name)) {
    console.log(`\n== ${name}: skipped (HAVEN_TEST_SKIP)`);
    return true;
  }
  console.log(`\n== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  timings.push(`${name} ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(
    `== ${name}: ${ok ? 'ok' : `FAILED (exit ${r.status ?? r.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (!ok) failures.push(name);
  return ok;
}

/** Runs independent steps at once (2 cores: typecheck and lint are single-threaded each). */
async function parallel(steps) {
  const runs = steps.map(([name, cmd, args]) => {
    if (skip.has(name)) return Promise.resolve({ name, skipped: true });
    const started = Date.now();
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    return new Promise((resolve) =>
      child.on('close', (code) =>
        resolve({ name, cmd, args, code, output, seconds: (Date.now() - started) / 1000 }),
      ),
    );
  });
  for (const r of await Promise.all(runs)) {
    if (r.skipped) {
      console.log(`\n== ${r.name}: skipped (HAVEN_TEST_SKIP)`);
      continue;
    }
    console.log(`\n== ${r.name}: ${r.cmd} ${r.args.join(' ')}`);
    process.stdout.write(r.output);
    const ok = r.code === 0;
    timings.push(`${r.name} ${r.seconds.toFixed(0)} s`);
    console.log(
      `== ${r.name}: ${ok ? 'ok' : `FAILED (exit ${r.code})`} in ${r.seconds.toFixed(1)} s (in parallel)`,
    );
    if (!ok) failures.push(r.name);
  }
}

function addVitest(file) {
  if (!existsSync(file)) return;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += j.numPassedTests ?? 0;
  totals.failed += j.numFailedTests ?? 0;
  totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  // CI shows only the tail of the output: name each failed test there, with its first error line.
  for (const f of j.testResults ?? []) {
    const name = f.name.replace(process.cwd() + '/', '');
    if (f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'))
      failedTests.push(
        `${name}: ${String(f.message ?? '')
          .split('\n')[0]
          .slice(0, 300)}`,
      );
    for (const a of f.assertionResults ?? []) {
      if (a.status !== 'failed') continue;
      const why = String(a.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      failedTests.push(`${name} > ${a.fullName}: ${why}`);
    }
  }
}

function addPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const s = report.stats ?? {};
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected')
          failedTests.push(`${spec.file} > ${spec.title} [${t.projectName}]`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
}

await parallel([
  ['typecheck', 'npm', ['run', '-s', 'typecheck']],
  ['lint', 'npm', ['run', '-s', 'lint']],
  ['format', 'npm', ['run', '-s', 'format:check']],
]);
const vitestArgs = (file) => [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${file}`,
];
// One vitest run: the SQLite projects, and with HAVEN_TEST_PG set the `server-pg` project that runs
// the SQL's test files again on PostgreSQL (vitest.config.ts).
step('unit', 'npx', vitestArgs(join(out, 'vitest.json')));
addVitest(join(out, 'vitest.json'));
if (!skip.has('e2e')) {
  step('build', 'npm', ['run', '-s', 'build']);
  step('e2e', 'npm', ['test', '-w', '@haven/e2e'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: join(out, 'playwright.json'),
    // The journeys still check each screen fits its width; the PNGs are for people running a spec.
    HAVEN_E2E_SCREENS: process.env.HAVEN_E2E_SCREENS ?? 'off',
  });
  addPlaywright(join(out, 'playwright.json'));
}

// The runners' JSON reports are read: nothing of the run stays in the temp folder.
rmSync(out, { recursive: true, force: true });
for (const t of failedTests) console.log(`FAILED ${t}`);
console.log(`steps: ${timings.join(', ')}`);
console.log(`\n${failures.length ? `Failed steps: ${failures.join(', ')}` : 'All steps passed.'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
