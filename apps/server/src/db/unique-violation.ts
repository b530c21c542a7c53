/** Whether a failed insert broke a unique constraint (PostgreSQL 23505, SQLite's message). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return (
    e?.code === '23505' ||
    (typeof e?.message === 'string' && e.message.includes('UNIQUE constraint failed'))
  );
}
