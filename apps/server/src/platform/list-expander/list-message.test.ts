import { describe, expect, it } from 'vitest';
import {
  firstAddress,
  headerLine,
  headerValues,
  rewriteMessage,
  splitMessage,
} from './list-message.ts';

const raw = Buffer.from(
  'From: "Lid, A" <Lid@Example.org>\r\nSubject: a long\r\n subject\r\nApproved: geheim\r\nList-Id: <x.y>\r\n\r\nbody\r\nline\r\n',
);

describe('list messages', () => {
  it('reads headers unfolded and the first address', () => {
    const m = splitMessage(raw);
    expect(headerValues(m, 'subject')).toEqual(['a long subject']);
    expect(firstAddress(headerValues(m, 'from')[0])).toBe('lid@example.org');
    expect(firstAddress('bare@x.test (Name)')).toBe('bare@x.test');
    expect(firstAddress('no address')).toBeNull();
  });

  it('drops headers, puts the list headers on top and keeps the body byte for byte', () => {
    const out = rewriteMessage(
      splitMessage(raw),
      ['approved', 'list-id'],
      [headerLine('List-Id', '<news.d.test>')],
    ).toString();
    expect(out).toBe(
      'List-Id: <news.d.test>\r\nFrom: "Lid, A" <Lid@Example.org>\r\nSubject: a long\r\n subject\r\n\r\nbody\r\nline\r\n',
    );
  });

  it('refuses a header value that would start a header of its own', () => {
    expect(() => headerLine('List-Post', '<mailto:a@b>\r\nBcc: x@y')).toThrow(/unsafe/);
    expect(() => headerLine('Bad Name', 'x')).toThrow(/unsafe/);
  });

  it('a message without a body still gets its blank line', () => {
    const out = rewriteMessage(splitMessage(Buffer.from('Subject: x\r\n')), [], []).toString();
    expect(out).toBe('Subject: x\r\n\r\n');
  });
});
