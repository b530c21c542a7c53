import type { MailMessage } from '../../platform/mailer/mailer.port.ts';

export interface AnswerMailInput {
  to: string;
  name: string;
  language: 'nl' | 'en';
  ticketId: number;
  subject: string;
  url: string;
}

/**
 * The mail that tells the customer the provider answered. It holds no message text: the
 * conversation stays behind the login (and an HTML body can never reach a mail client).
 */
export function answerMail(m: AnswerMailInput): MailMessage {
  if (m.language === 'en')
    return {
      to: m.to,
      subject: `Answer to your ticket #${m.ticketId}: ${m.subject}`,
      text: `Dear ${m.name},\n\nWe have answered your ticket #${m.ticketId} "${m.subject}". Read the answer and reply in your control panel:\n${m.url}\n\nYou get this mail because your mailing preference "Support" is on.\n\nKind regards,\nSupport\n`,
    };
  return {
    to: m.to,
    subject: `Antwoord op je ticket #${m.ticketId}: ${m.subject}`,
    text: `Beste ${m.name},\n\nWe hebben je ticket #${m.ticketId} "${m.subject}" beantwoord. Lees het antwoord en reageer in je controlepaneel:\n${m.url}\n\nJe krijgt deze mail omdat je mailvoorkeur "Support" aan staat.\n\nMet vriendelijke groet,\nSupport\n`,
  };
}
