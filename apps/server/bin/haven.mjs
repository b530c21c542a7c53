#!/usr/bin/env node
// The operator CLI as an installed command: runs the TypeScript source through tsx.
import { register } from 'tsx/esm/api';
register();
await import('../src/cli/main.ts');
