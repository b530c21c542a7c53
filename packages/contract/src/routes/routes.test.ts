import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as contract from '../index.ts';
import * as routes from './index.ts';

const areas = {
  auth: contract.auth,
  account: contract.account,
  shop: contract.shop,
  sitebuilder: contract.sitebuilder,
} as const;

describe('route descriptors', () => {
  it('cover the areas they name', () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(areas).sort());
  });

  // tsc already refuses a route whose literals differ; this also catches a renamed endpoint.
  it.each(Object.entries(routes))('equal the full endpoints of %s', (area, areaRoutes) => {
    const endpoints: Record<string, unknown> = areas[area as keyof typeof areas];
    for (const [name, r] of Object.entries(areaRoutes)) {
      const endpoint = endpoints[name] as contract.Endpoint | undefined;
      expect(endpoint, `${area}.${name} has no endpoint`).toBeDefined();
      expect(r).toEqual({
        method: endpoint!.method,
        path: endpoint!.path,
        access: endpoint!.access,
        ...(endpoint!.responseKind ? { responseKind: endpoint!.responseKind } : {}),
      });
    }
  });

  // The point of routes is a first load without zod: schema modules may only be type-imported.
  it('import schema modules only as types', () => {
    const dir = import.meta.dirname;
    for (const file of readdirSync(dir).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    )) {
      const imports = readFileSync(join(dir, file), 'utf8').match(/^import .*$/gm) ?? [];
      for (const line of imports) {
        if (line.startsWith('import type ')) continue;
        expect(line, `${file}: ${line}`).toMatch(/from '\.\/[\w-]+\.ts';$/);
      }
    }
  });
});
