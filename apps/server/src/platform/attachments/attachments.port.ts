import type { Readable } from 'node:stream';

/** What a stored attachment gave: its key, its size and its first bytes (to sniff its type). */
export interface StoredAttachment {
  key: string;
  size: number;
  head: Buffer;
}

/** The upload went over `maxBytes`: nothing was kept. */
export class AttachmentTooLarge extends Error {
  constructor() {
    super('attachment too large');
  }
}

/**
 * Helpdesk attachments, kept outside every webroot under a random key (never the customer's
 * file name), so an upload can neither be served by the web server nor reach another path.
 */
export interface AttachmentStore {
  /**
   * Streams the upload to a new file. Throws `AttachmentTooLarge` when the stream says it was
   * truncated (the multipart limit) or passes `maxBytes`; then nothing is kept.
   */
  save(stream: Readable & { truncated?: boolean }, maxBytes: number): Promise<StoredAttachment>;
  /** The stored bytes; throws when the key is unknown. */
  open(key: string): Promise<{ stream: Readable; size: number }>;
  /** Removes it; a key already gone is fine. */
  remove(key: string): Promise<void>;
}
