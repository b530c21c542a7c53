/**
 * Who may post to a list (subscribers only, the default of list managers): a subscriber, the
 * list's admin, or anyone whose post carries the list's password in an `Approved:` header.
 * The author is the From header's address, else the envelope sender.
 */
export function mayPost(post: {
  from: string | null;
  sender: string;
  admin: string;
  subscribers: ReadonlySet<string>;
  approved: boolean;
}): boolean {
  if (post.approved) return true;
  const author = post.from ?? post.sender;
  if (!author) return false;
  return author === post.admin || post.subscribers.has(author);
}

/** Mail the expander takes in and drops: bounces (null sender) and its own copies coming back. */
export function isDropped(post: { sender: string; listIds: readonly string[]; listId: string }) {
  return (
    post.sender === '' ||
    post.sender === '<>' ||
    post.listIds.some((v) => v.includes(`<${post.listId}>`))
  );
}
