import {
  TRAINING_LIMITS,
  type TrainingData,
  type TrainingSave,
  type TrainingSaved,
} from '@haven/contract/mail';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../model/logger.ts';
import type { DomainRef, Principal } from '../../model/principal.ts';
import type { MailFilter } from '../../platform/mail-filter/mail-filter.port.ts';
import type { MailServer } from '../../platform/mail-server/mail-server.port.ts';
import { assertOwnMailbox } from './mail-accounts.service.ts';
import { fail, notFound } from './mail.errors.ts';
import type { MailStore } from './mail.store.ts';
import type { TrainingStore } from './mail-training.store.ts';

export interface TrainingDeps {
  store: MailStore;
  training: TrainingStore;
  server: Pick<MailServer, 'recentMessages' | 'messageSource'>;
  /** The node's filter; absent (tests, services off, debian profile): the list only. */
  filter?: Pick<MailFilter, 'learn'>;
  clock: Clock;
  logger: Logger;
}

/**
 * Spam training: the mailbox's newest messages from its real Maildir with the score the filter
 * wrote into them, and teaching the filter the checked ones (rspamd learn), remembered in SQL.
 */
export function createMailTrainingService(deps: TrainingDeps) {
  const { store, training, server } = deps;

  async function mailbox(principal: Principal, domain: DomainRef, name: string) {
    assertOwnMailbox(principal, domain, name);
    const row = await store.account(domain.id, name);
    if (row?.type !== 'address') throw notFound();
    return { id: row.id, address: `${row.name}@${domain.name}` };
  }

  async function data(box: { id: number; address: string }): Promise<TrainingData> {
    const [messages, marks] = await Promise.all([
      server.recentMessages(box.address, TRAINING_LIMITS.messages),
      training.marks(box.id),
    ]);
    let spam = 0;
    for (const mark of marks.values()) if (mark === 'spam') spam++;
    return {
      mails: messages.map((m) => ({
        id: m.id,
        folder: m.folder,
        from: m.from,
        subject: m.subject,
        timestamp: Math.floor(m.date / 1000),
        score: m.score,
        type: m.spam === null ? null : m.spam ? 'spam' : 'ham',
        training_status: marks.get(m.id) ?? null,
      })),
      spam,
      ham: marks.size - spam,
      total: marks.size,
      learning: Boolean(deps.filter),
    };
  }

  return {
    async get(principal: Principal, domain: DomainRef, name: string): Promise<TrainingData> {
      return data(await mailbox(principal, domain, name));
    },

    /**
     * Checks that every checked message is there first, then reads and teaches them one at a
     * time (one in memory) and records each mark as soon as the filter took it.
     */
    async save(
      principal: Principal,
      domain: DomainRef,
      name: string,
      body: TrainingSave,
    ): Promise<TrainingSaved> {
      const box = await mailbox(principal, domain, name);
      const filter = deps.filter;
      if (!filter) throw fail('filter_unavailable', 'unavailable');
      const read = (id: string, bytes: number) => server.messageSource(box.address, id, bytes);
      for (const id of body.ids)
        if (!(await read(id, 1))) throw fail('message_not_found', 'not_found', { ids: id });
      const skipped: string[] = [];
      for (const id of body.ids) {
        const source = await read(id, TRAINING_LIMITS.messageBytes + 1);
        if (!source) throw fail('message_not_found', 'not_found', { ids: id });
        if (source.length > TRAINING_LIMITS.messageBytes)
          throw fail('message_too_large', 'too_large', { ids: id });
        const outcome = await filter.learn(body.mark, source).catch((error: unknown) => {
          deps.logger.warn({ err: error, mailbox: box.address }, 'mail: spam training failed');
          throw fail('filter_unavailable', 'unavailable', undefined, { cause: error });
        });
        if (outcome === 'skipped') skipped.push(id);
        else await training.setMark(box.id, id, body.mark, deps.clock.now());
      }
      return { ...(await data(box)), skipped };
    },
  };
}
export type MailTrainingService = ReturnType<typeof createMailTrainingService>;
