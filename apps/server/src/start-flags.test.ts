import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

/**
 * Production runs what was measured: the systemd unit in docs/operations.md starts node with
 * `npm start`'s flags (the benches read them from the start script, bench/servers/panel.ts).
 */
describe('start flags', () => {
  it('the documented systemd unit runs the start script', () => {
    const pkg = JSON.parse(read('../package.json')) as { scripts: { start: string } };
    const unit = read('../../../docs/operations.md').match(/^\s*ExecStart=\S*\/node (.+)$/m);
    expect(unit?.[1]?.trim()).toBe(pkg.scripts.start.replace(/^node /, ''));
  });
});
