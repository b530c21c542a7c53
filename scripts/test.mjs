// `npm test`: every check in order, then one closing line with the counts of all runners.
// Steps: typecheck, lint, unit + API tests (SQLite; PostgreSQL too when HAVEN_TEST_PG is set),
// web build, Playwright end-to-end. Set HAVEN_TEST_SKIP=e2e,lint to leave steps out locally.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const skip = new Set((process.env.HAVEN_TEST_SKIP ?? '').split(',').filter(Boolean));
const out = mkdtempSync(join(tmpdir(), 'haven-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function step(name, cmd, args, env = {}) {
  if (skip.has(name)) {
    console.log(`\n== ${name}: skipped (HAVEN_TEST_SKIP)`);
    return true;
  }
  console.log(`\n== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  console.log(`== ${name}: ${ok ? 'ok' : `FAILED (exit ${r.status ?? r.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!ok) failures.push(name);
  return ok;
}

function addVitest(file) {
  if (!existsSync(file)) return;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += j.numPassedTests ?? 0;
  totals.failed += j.numFailedTests ?? 0;
  totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
}

function addPlaywright(file) {
  if (!existsSync(file)) return;
  const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
}

step('typecheck', 'npm', ['run', '-s', 'typecheck']);
step('lint', 'npm', ['run', '-s', 'lint']);
const vitestArgs = (file) => ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
step('unit', 'npx', vitestArgs(join(out, 'vitest.json')));
addVitest(join(out, 'vitest.json'));
if (process.env.HAVEN_TEST_PG) {
  step('api-postgres', 'npx', [...vitestArgs(join(out, 'vitest-pg.json')), '--project', 'server'], {
    HAVEN_TEST_PG: process.env.HAVEN_TEST_PG,
  });
  addVitest(join(out, 'vitest-pg.json'));
}
if (!skip.has('e2e')) {
  step('build', 'npm', ['run', '-s', 'build']);
  step('e2e', 'npm', ['test', '-w', '@haven/e2e'], { PLAYWRIGHT_JSON_OUTPUT_NAME: join(out, 'playwright.json') });
  addPlaywright(join(out, 'playwright.json'));
}

console.log(`\n${failures.length ? `Failed steps: ${failures.join(', ')}` : 'All steps passed.'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
