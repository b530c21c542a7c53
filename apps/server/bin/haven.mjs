#!/usr/bin/env node
// The operator CLI as an installed command: the built CLI (`npm run build` makes dist/cli.mjs).
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.mjs', import.meta.url);
if (!existsSync(cli)) {
  console.error('haven: dist/cli.mjs is missing: run `npm run build` first');
  process.exit(1);
}
process.setSourceMapsEnabled(true);
await import(cli.href);
