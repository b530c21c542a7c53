// The three files that import Mantine's per-component styles (guest-styles.css, in the entry;
// shell/shell-styles.css, with the shell and the dashboard; screen-styles.css, with the other
// screens) together give exactly what the whole @mantine/core/styles.css gives.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import postcss, { type AcceptedPlugin } from 'postcss';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const WHOLE = require.resolve('@mantine/core/styles.css');
const PARTS = join(dirname(WHOLE), 'styles');
const config = require('../../postcss.config.cjs') as { plugins: AcceptedPlugin[] };

const FILES = ['guest-styles.css', 'shell/shell-styles.css', 'screen-styles.css'] as const;
const imported = (file: string): string[] =>
  [
    ...readFileSync(join(import.meta.dirname, file), 'utf8').matchAll(
      /core\/styles\/(\w[\w-]*)\.css/g,
    ),
  ].map((m) => m[1] ?? '');
const squeeze = (css: string): string => css.replace(/\s+/g, '');
/** A component's stylesheet as the build makes it (postcss.config.cjs turns px into rem). */
const built = (name: string): string => {
  const from = join(PARTS, `${name}.css`);
  return squeeze(postcss(config.plugins).process(readFileSync(from, 'utf8'), { from }).css);
};
const whole = squeeze(readFileSync(WHOLE, 'utf8'));

describe("Mantine's styles, split by route", () => {
  it('imports each component stylesheet once, in one of the three files', () => {
    const all = readdirSync(PARTS)
      .filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))
      .map((f) => f.slice(0, -'.css'.length))
      .sort();
    expect(FILES.flatMap(imported).sort()).toEqual(all);
  });

  it('builds each into exactly its rules in the whole stylesheet, and nothing is left', () => {
    let rest = whole;
    for (const name of FILES.flatMap(imported)) {
      const rules = built(name);
      expect(rest.includes(rules), name).toBe(true);
      rest = rest.replace(rules, '');
    }
    expect(rest).toBe('');
  });

  it("keeps the whole stylesheet's order in the shell's and the screens' files", () => {
    for (const file of FILES.slice(1)) {
      const at = imported(file).map((name) => whole.indexOf(built(name)));
      expect(at, file).toEqual([...at].sort((a, b) => a - b));
    }
  });
});
