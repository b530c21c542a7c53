/** A thrown value as a typed failure: its `reason` (or `code`) when it has one, else `failed`. */
export function failureOf(error: unknown): { reason: string; message: string } {
  const e = error as { reason?: unknown; code?: unknown; message?: unknown } | null;
  const reason =
    typeof e?.reason === 'string' ? e.reason : typeof e?.code === 'string' ? e.code : 'failed';
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return { reason, message };
}
