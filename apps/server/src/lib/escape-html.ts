/** Escapes text for HTML element content and double-quoted attributes (the server's own pages). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
