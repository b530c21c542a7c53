import { describe, expect, it } from 'vitest';
import type { ErrorsOf, dns } from '@haven/contract';
import { AppError, areaErrors } from './app-error.ts';

describe('typed error codes', () => {
  it('lets an area throw only the codes its endpoints declare (checked by tsc)', () => {
    const { conflict, notFound, fail } = areaErrors<ErrorsOf<typeof dns>>();
    expect(conflict('cname_conflict')).toMatchObject({ code: 'cname_conflict', kind: 'conflict' });
    expect(notFound()).toMatchObject({ code: 'not_found', kind: 'not_found' });
    // @ts-expect-error a webhosting code: no DNS endpoint declares it
    expect(fail('www_not_deletable', 'conflict')).toBeInstanceOf(AppError);
    // @ts-expect-error a typo is no code at all
    expect(new AppError('cname_conflit', 'conflict')).toBeInstanceOf(AppError);
  });
});
