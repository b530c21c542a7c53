import { describe, expect, it } from 'vitest';
import { isDropped, mayPost } from './list-posting.ts';

const post = (over: Partial<Parameters<typeof mayPost>[0]> = {}) => ({
  from: 'lid@example.org',
  sender: 'lid@example.org',
  admin: 'beheer@d.test',
  subscribers: new Set(['lid@example.org']),
  approved: false,
  ...over,
});

describe('who may post to a list', () => {
  it('a subscriber, the admin, or a post approved with the list password', () => {
    expect(mayPost(post())).toBe(true);
    expect(mayPost(post({ from: 'beheer@d.test', sender: 'x@y.test' }))).toBe(true);
    expect(mayPost(post({ from: 'vreemd@example.org', approved: true }))).toBe(true);
  });

  it('not a stranger, even with a subscriber as envelope sender', () => {
    expect(mayPost(post({ from: 'vreemd@example.org' }))).toBe(false);
    expect(mayPost(post({ from: null, sender: '' }))).toBe(false);
    // No From header: the envelope sender is the author.
    expect(mayPost(post({ from: null }))).toBe(true);
  });

  it('drops bounces and its own copies coming back (loops), nothing else', () => {
    const base = { sender: 'a@b.test', listIds: [] as string[], listId: 'news.d.test' };
    expect(isDropped(base)).toBe(false);
    expect(isDropped({ ...base, sender: '' })).toBe(true);
    expect(isDropped({ ...base, listIds: ['News <news.d.test>'] })).toBe(true);
    expect(isDropped({ ...base, listIds: ['<other.d.test>'] })).toBe(false);
  });
});
