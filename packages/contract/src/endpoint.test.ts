import { describe, expect, it } from 'vitest';
import { fillPath, toColonPath } from './endpoint.ts';

describe('endpoint paths', () => {
  it('turns placeholders into router parameters', () => {
    expect(toColonPath('/api/{domain}/webhosting/subdomain/{sub}')).toBe(
      '/api/:domain/webhosting/subdomain/:sub',
    );
  });

  it('fills and encodes parameters so a value cannot add path segments', () => {
    expect(fillPath('/api/{domain}/x/{name}', { domain: 'a.nl', name: '../etc/passwd' })).toBe(
      '/api/a.nl/x/..%2Fetc%2Fpasswd',
    );
    expect(() => fillPath('/api/{domain}', {})).toThrow();
  });
});
