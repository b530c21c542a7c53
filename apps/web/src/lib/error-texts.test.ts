import { describe, expect, it } from 'vitest';
import { allEndpoints, errorsOfEndpoint } from '@haven/contract/error-codes';
import { LANGUAGES } from '@haven/contract/shared';
import { ApiError } from './api.ts';
import { ERROR_PREFIXES as PREFIXES, errorText } from './error-text.ts';

type Texts = Record<string, unknown>;
const locales = import.meta.glob<Texts>('../locales/*/*.json', { eager: true, import: 'default' });

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

describe('errorText', () => {
  const t = ((keys: string[]) => keys) as unknown as Parameters<typeof errorText>[0];
  it("looks a code up in the answering area's catalogue, also when the screen names none", () => {
    const error = new ApiError(409, 'duplicate_record', {}, 'dns');
    expect(errorText(t, error)).toEqual([
      'dns:error.duplicate_record',
      'errors:duplicate_record',
      'errors:unknown',
    ]);
    expect(errorText(t, new ApiError(422, 'invalid_username', {}, 'webhosting'), ['x:'])).toEqual([
      'x:invalid_username',
      'webhosting:subdomain.error.invalid_username',
      'webhosting:webuser.error.invalid_username',
      'webhosting:protected_directory.error.invalid_username',
      'errors:invalid_username',
      'errors:unknown',
    ]);
  });
});
