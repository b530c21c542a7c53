import { describe, expect, it } from 'vitest';
import { depthOf, transitionFor } from './transition.ts';

describe('webhosting transitions', () => {
  it('measures depth below the container', () => {
    expect(depthOf('/webhosting/a.nl')).toBe(0);
    expect(depthOf('/webhosting/a.nl/subdomain')).toBe(1);
    expect(depthOf('/webhosting/a.nl/subdomain/add')).toBe(2);
    expect(depthOf('/webhosting/a.nl/protected-directory/3/user/jan')).toBe(4);
  });

  it('slides forward into a detail, back to a list, and fades between sections', () => {
    expect(transitionFor(undefined, '/webhosting/a.nl/subdomain')).toBe('none');
    expect(transitionFor('/webhosting/a.nl/subdomain', '/webhosting/a.nl/subdomain')).toBe('none');
    expect(transitionFor('/webhosting/a.nl/subdomain', '/webhosting/a.nl/subdomain/www')).toBe(
      'forward',
    );
    expect(transitionFor('/webhosting/a.nl/subdomain/www', '/webhosting/a.nl/subdomain')).toBe(
      'back',
    );
    expect(transitionFor('/webhosting/a.nl/subdomain', '/webhosting/a.nl/web-user')).toBe('fade');
  });
});
