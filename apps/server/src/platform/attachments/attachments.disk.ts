import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomToken } from '../../lib/crypto.ts';
import { AttachmentTooLarge, type AttachmentStore } from './attachments.port.ts';

const HEAD_BYTES = 4100;
const KEY = /^[A-Za-z0-9_-]{43}$/;

/** Attachments as files named by a random key in one directory (mode 0700) of the data dir. */
export function createDiskAttachments(dir: string): AttachmentStore {
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error('not an attachment key');
    return join(dir, key);
  };
  return {
    async save(stream, maxBytes) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const key = randomToken(32);
      const file = pathOf(key);
      let size = 0;
      const head: Buffer[] = [];
      let headSize = 0;
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > maxBytes) return done(new AttachmentTooLarge());
          if (headSize < HEAD_BYTES) {
            head.push(chunk.subarray(0, HEAD_BYTES - headSize));
            headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
          }
          done(null, chunk);
        },
      });
      try {
        await pipeline(stream, count, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
        if (stream.truncated) throw new AttachmentTooLarge();
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      return { key, size, head: Buffer.concat(head) };
    },
    async open(key) {
      const file = pathOf(key);
      const { size } = await stat(file);
      return { stream: createReadStream(file), size };
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
