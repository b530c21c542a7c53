export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Outgoing mail of the panel itself (password resets, notifications). */
export interface Mailer {
  /** Sends or queues one message; resolves with an id to find it again (file name or message id). */
  send(message: MailMessage): Promise<string>;
}
