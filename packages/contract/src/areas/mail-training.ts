import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { VALIDATION } from '../rules/messages.ts';
import { mailNameParams } from './mail-entities.ts';

/**
 * Spam training of a mailbox (specs part 2: "Training data get", "Training data save: checked
 * items and mark type"): the recent messages of the inbox and the spam folder with the filter's
 * score, and the marks the customer taught the filter.
 */

export const TRAINING_LIMITS = {
  /** Messages listed: the newest of the inbox and the spam folder together. */
  messages: 50,
  /** Messages marked in one save. */
  perSave: 50,
  /** Largest message taught to the filter (bigger ones answer `message_too_large`). */
  messageBytes: 10 * 1024 * 1024,
} as const;

/** `mail.training.error.<code>`. */
export const MAIL_TRAINING_ERRORS = [
  /** A checked message is no longer in the mailbox (deleted or moved away meanwhile). */
  'message_not_found',
  'message_too_large',
  /** The node has no spam filter that learns, or it does not answer now. */
  'filter_unavailable',
] as const;
export type MailTrainingError = (typeof MAIL_TRAINING_ERRORS)[number];

export const TRAINING_MARKS = ['spam', 'ham'] as const;
export type TrainingMark = (typeof TRAINING_MARKS)[number];

/** A Maildir unique name, as the list gives it (no slashes, no dots first). */
export const trainingMessageId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._,=-]{0,199}$/, VALIDATION.regex);

export const trainingMail = z.object({
  id: z.string(),
  /** `INBOX` or the spam folder `Junk`. */
  folder: z.enum(['INBOX', 'Junk']),
  from: z.string(),
  subject: z.string(),
  /** Unix seconds (the Date header, else the delivery time). */
  timestamp: z.number().int(),
  /** The filter's score as it added it to the message; null when the message has none. */
  score: z.number().nullable(),
  /** The filter's verdict when it was delivered; null when unknown. */
  type: z.enum(TRAINING_MARKS).nullable(),
  /** What the customer taught the filter about it; null: not trained. */
  training_status: z.enum(TRAINING_MARKS).nullable(),
});
export type TrainingMail = z.infer<typeof trainingMail>;

export const trainingData = z.object({
  mails: z.array(trainingMail),
  /** Messages of this mailbox taught as spam, as ham, and both together. */
  spam: z.number().int(),
  ham: z.number().int(),
  total: z.number().int(),
  /** Whether the node's filter can learn (false: the list shows, marking answers an error). */
  learning: z.boolean(),
});
export type TrainingData = z.infer<typeof trainingData>;

/** After a save: the list again, and the checked messages the filter could not learn from. */
export const trainingSaved = trainingData.extend({
  /** Too few words for the classifier (rspamd's `min_tokens`): not learned, not marked. */
  skipped: z.array(z.string()),
});
export type TrainingSaved = z.infer<typeof trainingSaved>;

export const trainingSave = z.object({
  ids: z
    .array(trainingMessageId)
    .min(1, VALIDATION.required)
    .max(TRAINING_LIMITS.perSave, VALIDATION.tooLong)
    .transform((ids) => [...new Set(ids)]),
  mark: z.enum(TRAINING_MARKS),
});
export type TrainingSave = z.infer<typeof trainingSave>;

const own = { access: 'domain', activePlan: true } as const;
const path = '/api/{domain}/mail/account/address/{name}/training';

export const getTraining = defineEndpoint({
  ...own,
  method: 'GET',
  path,
  tag: 'mail-training',
  summary: "A mailbox's recent messages with the filter's score and training status",
  params: mailNameParams,
  response: trainingData,
  errors: [],
});

export const saveTraining = defineEndpoint({
  ...own,
  method: 'POST',
  path,
  tag: 'mail-training',
  summary: 'Teach the spam filter the checked messages as spam or as ham (rspamd learn)',
  params: mailNameParams,
  body: trainingSave,
  response: trainingSaved,
  errors: MAIL_TRAINING_ERRORS,
});
