import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { smallChunkZlib } from './compression.ts';

describe('smallChunkZlib', () => {
  // Random bytes do not compress: the output spans several 2 kB chunks and must come back whole.
  const inputs = [Buffer.from('{"ok":true}'), randomBytes(8192), Buffer.alloc(8192, 'a')];

  it('brotli, gzip and deflate round-trip answers of one chunk and of several', () => {
    for (const input of inputs) {
      expect(brotliDecompressSync(smallChunkZlib.brotliCompressSync(input, {}))).toEqual(input);
      expect(gunzipSync(smallChunkZlib.gzipSync(input, {}))).toEqual(input);
      expect(inflateSync(smallChunkZlib.deflateSync(input, {}))).toEqual(input);
    }
  });
});
