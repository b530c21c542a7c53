import * as helpdesk from '@haven/contract/helpdesk';
import { errorEnvelope } from '@haven/contract/shared';
import { api, ApiError } from '../../lib/api.ts';
import { authStore } from '../../lib/auth-store.ts';

/**
 * Uploads the chosen files as attachments (multipart, as the file manager does) and answers
 * their ids, to send with the ticket or reply. The server sniffs each file's type and checks
 * its name and size; a refusal keeps none of them.
 */
export async function uploadAttachments(files: readonly File[]): Promise<number[]> {
  if (files.length === 0) return [];
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  const token = authStore.getState().token;
  const res = await fetch(helpdesk.uploadAttachment.path, {
    method: 'POST',
    body: form,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  }).catch(() => {
    throw new ApiError(0, 'network');
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const parsed = errorEnvelope.safeParse(body);
    const code = parsed.success
      ? parsed.data.custom_message
      : res.status === 413
        ? 'attachment_too_large'
        : 'internal';
    const fields = parsed.success ? (parsed.data.fields ?? {}) : {};
    throw new ApiError(res.status, code, fields, 'helpdesk');
  }
  return (body as { attachments: { id: number }[] }).attachments.map((a) => a.id);
}

/** Fetches an attachment with the session and hands it to the browser as a download. */
export async function downloadAttachment(a: helpdesk.Attachment): Promise<void> {
  const blob = await api(helpdesk.downloadAttachment, { params: { id: a.id } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = a.filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
