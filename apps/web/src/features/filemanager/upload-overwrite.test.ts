import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { uploadAsking, UploadSkipped } from './upload-overwrite.ts';

describe('uploadAsking', () => {
  const taken = () => Promise.reject(new ApiError(409, 'exists'));

  it('asks when the name is taken and sends again with overwrite when the customer agrees', async () => {
    const upload = vi.fn((overwrite: boolean) => (overwrite ? Promise.resolve() : taken()));
    const ask = vi.fn(() => Promise.resolve(true));
    await uploadAsking(upload, ask);
    expect(ask).toHaveBeenCalledOnce();
    expect(upload.mock.calls).toEqual([[false], [true]]);
  });

  it('skips the file when the customer declines, and never overwrites', async () => {
    const upload = vi.fn(taken);
    await expect(uploadAsking(upload, () => Promise.resolve(false))).rejects.toBeInstanceOf(
      UploadSkipped,
    );
    expect(upload.mock.calls).toEqual([[false]]);
  });

  it('does not ask for other errors', async () => {
    const ask = vi.fn(() => Promise.resolve(true));
    const failing = () => Promise.reject(new ApiError(413, 'max_size'));
    await expect(uploadAsking(failing, ask)).rejects.toMatchObject({ code: 'max_size' });
    expect(ask).not.toHaveBeenCalled();
  });
});
