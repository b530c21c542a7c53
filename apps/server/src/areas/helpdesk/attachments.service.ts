import { fileTypeFromBuffer } from 'file-type';
import { helpdesk } from '@haven/contract';
import type { Clock } from '../../lib/clock.ts';
import type { UploadPart } from '../../model/files.ts';
import {
  AttachmentTooLarge,
  type AttachmentStore,
} from '../../platform/attachments/attachments.port.ts';
import { invalid } from './helpdesk.errors.ts';
import type { TicketsStore } from './tickets.store.ts';

const { TICKET_LIMITS } = helpdesk;
/** Uploads not sent with a ticket or reply within a day are removed. */
const PENDING_MS = 24 * 60 * 60 * 1000;

/** Plain text: no NUL byte and valid UTF-8 (a binary of an unknown kind is refused). */
function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    // A multi-byte character cut at the end of the head is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(
      head.subarray(0, Math.max(0, head.length - 3)),
    );
    return true;
  } catch {
    return false;
  }
}

/** The type by content (file-type's magic numbers), never the type the browser claimed. */
async function sniff(head: Buffer): Promise<string | undefined> {
  const found = await fileTypeFromBuffer(head);
  if (found) return found.mime;
  return looksLikeText(head) ? 'text/plain' : undefined;
}

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/** Receives attachments: names, sizes and sniffed types checked; a refused upload keeps nothing. */
export function createAttachmentsService(deps: {
  store: TicketsStore;
  files: AttachmentStore;
  clock: Clock;
}) {
  const { store, files, clock } = deps;

  async function removeStale(): Promise<void> {
    for (const a of await store.staleAttachments(clock.now() - PENDING_MS)) {
      await files.remove(a.storage_key);
      await store.deleteAttachment(a.id);
    }
  }

  async function one(part: UploadPart) {
    const filename = part.filename.normalize('NFC');
    if (!helpdesk.isPlainFileName(filename)) throw invalid('attachment_name');
    let stored;
    try {
      stored = await files.save(part.stream, TICKET_LIMITS.attachmentMaxBytes);
    } catch (error) {
      if (error instanceof AttachmentTooLarge) throw invalid('attachment_too_large');
      throw error;
    }
    const type = stored.size === 0 ? undefined : await sniff(stored.head);
    const extensions = type ? TICKET_LIMITS.attachmentTypes[type] : undefined;
    if (!type || !extensions?.includes(extensionOf(filename))) {
      await files.remove(stored.key);
      throw invalid('attachment_type');
    }
    return { filename, content_type: type, size: stored.size, storage_key: stored.key };
  }

  return {
    /** Stores every part, or none: a refused part removes the ones stored before it. */
    async receive(customerId: number, parts: AsyncIterable<UploadPart>) {
      await removeStale();
      const kept: Awaited<ReturnType<typeof one>>[] = [];
      try {
        for await (const part of parts) {
          if (kept.length >= TICKET_LIMITS.attachmentsPerMessage) {
            part.stream.resume();
            throw invalid('too_many_attachments');
          }
          kept.push(await one(part));
        }
      } catch (error) {
        for (const k of kept) await files.remove(k.storage_key);
        throw error;
      }
      if (kept.length === 0) throw invalid('no_file_selected');
      const at = clock.now();
      const out: helpdesk.Attachment[] = [];
      for (const k of kept) {
        const id = await store.addAttachment({ ...k, customer_id: customerId, created_at: at });
        out.push({ id, filename: k.filename, content_type: k.content_type, size: k.size });
      }
      return out;
    },
    /** The stored bytes of a sent attachment; another customer's is not found. */
    async open(id: number, customerId?: number) {
      const row = await store.attachment(id, customerId);
      if (!row) return undefined;
      const { stream, size } = await files.open(row.storage_key);
      return { stream, size, filename: row.filename, contentType: row.content_type };
    },
  };
}
export type AttachmentsService = ReturnType<typeof createAttachmentsService>;
