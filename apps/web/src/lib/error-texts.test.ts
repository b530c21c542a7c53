import { describe, expect, it } from 'vitest';
import { allEndpoints, errorsOfEndpoint } from '@haven/contract/error-codes';
import { LANGUAGES } from '@haven/contract/shared';

type Texts = Record<string, unknown>;
const locales = import.meta.glob<Texts>('../locales/*/*.json', { eager: true, import: 'default' });

/** The area prefixes the screens of a contract tag pass to `errorText` (see error-text.ts). */
const PREFIXES: Record<string, readonly string[]> = {
  account: ['account:error.'],
  auth: ['login:'],
  databases: ['databases:error.'],
  dns: ['dns:error.'],
  filemanager: ['filemanager:error.'],
  shop: ['shop:error.'],
  sitebuilder: ['shop:sitebuilder.error.'],
  webhosting: [
    'webhosting:subdomain.error.',
    'webhosting:webuser.error.',
    'webhosting:protected_directory.error.',
  ],
};

/** `ns:a.b.c` looked up as i18next does (namespace file, then nested keys). */
function hasText(language: string, key: string): boolean {
  const [namespace = '', path = ''] = key.split(':');
  let node: unknown = locales[`../locales/${language}/${namespace}.json`];
  for (const part of path.split('.'))
    node = typeof node === 'object' && node !== null ? (node as Texts)[part] : undefined;
  return typeof node === 'string' && node.length > 0;
}

describe('error texts', () => {
  it('every code an endpoint can answer has a text in every language', () => {
    const endpoints = allEndpoints();
    expect(endpoints.length).toBeGreaterThan(50);
    const missing = new Set<string>();
    for (const endpoint of endpoints) {
      for (const code of errorsOfEndpoint(endpoint)) {
        const keys = [
          ...(PREFIXES[endpoint.tag] ?? []).map((prefix) => `${prefix}${code}`),
          `errors:${code}`,
        ];
        for (const language of LANGUAGES) {
          if (!keys.some((key) => hasText(language, key)))
            missing.add(`${language}: ${keys.join(' | ')} (${endpoint.method} ${endpoint.path})`);
        }
      }
    }
    expect([...missing]).toEqual([]);
  });
});
