import { randomBytes } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';

/**
 * Tags an HTML autoreply may keep: text formatting and links only. No script, style, iframe,
 * form or image (a remote image is a read receipt for the sender's server).
 */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'span',
    'div',
    'hr',
    'table',
    'tr',
    'td',
    'th',
    'tbody',
  ],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  disallowedTagsMode: 'discard',
};

export function sanitizeReplyHtml(html: string): string {
  return sanitizeHtml(html, ALLOWED);
}

/** The plain-text part of an HTML reply: every tag dropped, block ends kept as line breaks. */
export function htmlToText(html: string): string {
  const spaced = html.replace(/<\s*(br|\/p|\/div|\/li|\/h\d|\/tr)\b[^>]*>/gi, '\n$&');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  // sanitize-html leaves entities encoded in text; decode the few it produces.
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Base64 in lines of 76: no line of the customer's text can end the MIME part or the message. */
function base64Lines(text: string): string {
  return (
    Buffer.from(text, 'utf8')
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join('\r\n');
}

/**
 * The MIME entity a Sieve `vacation :mime` sends for an HTML reply: multipart/alternative with a
 * text part and the sanitised HTML, both base64. The boundary is random, so no text can fake it.
 */
export function htmlReplyMime(html: string): string {
  const clean = sanitizeReplyHtml(html);
  const boundary = `haven-${randomBytes(12).toString('hex')}`;
  const part = (type: string, body: string) =>
    [
      `--${boundary}`,
      `Content-Type: ${type}; charset=utf-8`,
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(body),
    ].join('\r\n');
  return [
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    part('text/plain', htmlToText(clean)),
    part('text/html', `<!DOCTYPE html><html><body>${clean}</body></html>`),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
