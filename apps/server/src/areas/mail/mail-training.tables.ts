import type { Generated } from 'kysely';

/** Which of a mailbox's messages were taught to the spam filter, and as what. */
export interface MailTrainingTable {
  account_id: number;
  /** The Maildir unique name of the message (the same in the inbox and the spam folder). */
  message_id: string;
  mark: 'spam' | 'ham';
  trained_at: number;
}

/**
 * Single-use webmail sign-on tokens: only the SHA-256 of the token is kept; a token opens the
 * one mailbox it was made for, until it expires or is used.
 */
export interface WebmailTokensTable {
  id: Generated<number>;
  token_hash: string;
  account_id: number;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export type MailTrainingTables = {
  mail_training: MailTrainingTable;
  webmail_tokens: WebmailTokensTable;
};
