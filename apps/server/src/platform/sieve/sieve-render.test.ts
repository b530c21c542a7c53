import { describe, expect, it } from 'vitest';
import { AUTORESPONDER_DEFAULTS, SPAMFILTER_DEFAULTS } from '@haven/contract/mail-rules';
import { htmlReplyMime, htmlToText, sanitizeReplyHtml } from './autoreply-mime.ts';
import { renderMailboxSieve } from './sieve-render.ts';
import { sieveLine, sieveString } from './sieve-string.ts';

const reply = { ...AUTORESPONDER_DEFAULTS, enabled: true, subject: 'Away', text: 'Back Monday' };

describe('sieveString', () => {
  it('escapes quotes and backslashes, keeps ${} literal, drops control characters', () => {
    expect(sieveString('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(sieveString('x";\r\ndiscard;#')).toBe('"x\\";\ndiscard;#"');
    expect(sieveString('${hex:41}\u0000\u001b')).toBe('"${hex:41}"');
  });
  it('refuses a line break in a one-line value', () => {
    expect(() => sieveLine('a\nBcc: x@y')).toThrow();
  });
});

describe('renderMailboxSieve', () => {
  it('renders nothing but keep for the defaults', () => {
    const script = renderMailboxSieve({
      autoresponder: AUTORESPONDER_DEFAULTS,
      spamfilter: SPAMFILTER_DEFAULTS,
    });
    expect(script).toContain('keep;');
    expect(script).not.toContain('require');
  });

  it('renders vacation with days, subject, addresses and end date', () => {
    const script = renderMailboxSieve({
      autoresponder: { ...reply, days: 3, end_date: '2027-01-31' },
      spamfilter: SPAMFILTER_DEFAULTS,
      addresses: ['info@example.test'],
    });
    expect(script).toContain('require ["vacation", "date", "relational"];');
    expect(script).toContain('if currentdate :value "le" "date" "2027-01-31" {');
    expect(script).toContain(
      'vacation :days 3 :subject "Away" :addresses ["info@example.test"] "Back Monday";',
    );
  });

  it('forwards a copy and spreads several answers a day, inside the end date', () => {
    const script = renderMailboxSieve({
      autoresponder: {
        ...reply,
        answers_per_day: 3,
        forward_to: 'backup@elders.test',
        end_date: '2027-01-31',
      },
      spamfilter: SPAMFILTER_DEFAULTS,
    });
    expect(script).toContain(
      'require ["vacation", "vacation-seconds", "copy", "date", "relational"];',
    );
    expect(script).toContain(
      [
        'if currentdate :value "le" "date" "2027-01-31" {',
        '  redirect :copy "backup@elders.test";',
        '  vacation :seconds 28800 :subject "Away" "Back Monday";',
        '}',
      ].join('\n'),
    );
  });

  it('keeps attack text inside its string', () => {
    const text = 'bye";\r\n}\r\nredirect "evil@example.com";\r\nkeep;\r\n#\\';
    const script = renderMailboxSieve({
      autoresponder: { ...reply, subject: 'a"b\\', text },
      spamfilter: { ...SPAMFILTER_DEFAULTS, blacklist: ['x"] {discard;}'] },
    });
    expect(script).toContain(':subject "a\\"b\\\\"');
    expect(script).toContain('"bye\\";\n}\nredirect \\"evil@example.com\\";\nkeep;\n#\\\\";');
    expect(script).toContain('["x\\"] {discard;}"]');
  });

  it('moves spam unless whitelisted, with blacklisted senders counted as spam', () => {
    const script = renderMailboxSieve({
      autoresponder: AUTORESPONDER_DEFAULTS,
      spamfilter: {
        ...SPAMFILTER_DEFAULTS,
        action: 'move',
        whitelist: ['*@friends.test'],
        blacklist: ['casino'],
      },
    });
    expect(script).toContain('require ["fileinto", "mailbox"];');
    expect(script).toContain('if address :all :matches "from" ["*@friends.test"] {');
    expect(script).toContain('address :all :contains "from" ["casino"]');
    expect(script).toContain('fileinto :create "Junk";');
  });

  it('discards spam for the delete action', () => {
    const script = renderMailboxSieve({
      autoresponder: reply,
      spamfilter: { ...SPAMFILTER_DEFAULTS, action: 'delete' },
    });
    expect(script.indexOf('discard;')).toBeLessThan(script.indexOf('vacation :days'));
  });
});

describe('HTML replies', () => {
  const attack =
    '<p onclick="x()">Hi <b>there</b></p><script>alert(1)</script><img src="https://t.test/p.gif">' +
    '<a href="javascript:alert(1)">x</a><a href="https://ok.test">ok</a><style>*{}</style>';

  it('sanitises script, handlers, images and javascript: links', () => {
    const clean = sanitizeReplyHtml(attack);
    expect(clean).toBe('<p>Hi <b>there</b></p><a>x</a><a href="https://ok.test">ok</a>');
    expect(htmlToText('<p>a &amp; b</p><p>c</p>')).toBe('a & b\nc');
  });

  it('sends a multipart/alternative entity in base64 with a random boundary', () => {
    const mime = htmlReplyMime(attack);
    const boundary = /boundary="([^"]+)"/.exec(mime)?.[1] ?? '';
    expect(boundary).toMatch(/^haven-[0-9a-f]{24}$/);
    const parts = mime.split(`--${boundary}`);
    expect(parts).toHaveLength(4);
    const html = Buffer.from(parts[2]?.split('\r\n\r\n')[1] ?? '', 'base64').toString('utf8');
    expect(html).toContain('<p>Hi <b>there</b></p>');
    expect(html).not.toContain('script');
    expect(
      renderMailboxSieve({
        autoresponder: { ...reply, content_type: 'html', text: attack },
        spamfilter: SPAMFILTER_DEFAULTS,
      }),
    ).toContain('vacation :days 1 :subject "Away" :mime "MIME-Version: 1.0');
  });
});
