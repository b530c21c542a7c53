import {
  TRAINING_LIMITS,
  type TrainingData,
  type TrainingSave,
  type TrainingSaved,
} from '@haven/contract/mail';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../model/logger.ts';
import type { DomainRef, Principal } from '../../model/principal.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { MailFilter } from '../../platform/mail-filter/mail-filter.port.ts';
import type { NodeMailServer } from '../../platform/mail-server/mail-server.remote.ts';
import { assertOwnMailbox } from './mail-accounts.service.ts';
import { fail, notFound } from './mail.errors.ts';
import type { MailStore } from './mail.store.ts';
import type { TrainingStore } from './mail-training.store.ts';

export interface TrainingDeps {
  store: MailStore;
  training: TrainingStore;
  /** The Maildirs on each node (the mailbox's: its domain's node). */
  server: NodePorts<Pick<NodeMailServer, 'recentMessages' | 'messageSource'>>;
  /** Each node's filter (a node without one says it does not learn); absent: the list only. */
  filter?: NodePorts<Pick<MailFilter, 'learn' | 'learns'>>;
  clock: Clock;
  logger: Logger;
}

/**
 * Spam training: the mailbox's newest messages from its real Maildir with the score the filter
 * wrote into them, and teaching the filter the checked ones (rspamd learn), remembered in SQL.
 * Both on the domain's node: the node reads each message itself to learn it.
 */
export function createMailTrainingService(deps: TrainingDeps) {
  const { store, training, server } = deps;

  async function mailbox(principal: Principal, domain: DomainRef, name: string) {
    assertOwnMailbox(principal, domain, name);
    const row = await store.account(domain.id, name);
    if (row?.type !== 'address') throw notFound();
    return { id: row.id, address: `${row.name}@${domain.name}`, node: domain.node };
  }
  type Box = Awaited<ReturnType<typeof mailbox>>;

  /** Whether the node's filter learns; one that does not answer does not. */
  const learns = async (box: Box) =>
    deps.filter
      ? await deps
          .filter(box.node)
          .learns()
          .catch(() => false)
      : false;

  async function data(box: Box): Promise<TrainingData> {
    const [messages, marks, learning] = await Promise.all([
      server(box.node).recentMessages(box.address, TRAINING_LIMITS.messages),
      training.marks(box.id),
      learns(box),
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
      learning,
    };
  }

  return {
    async get(principal: Principal, domain: DomainRef, name: string): Promise<TrainingData> {
      return data(await mailbox(principal, domain, name));
    },

    /**
     * Checks that every checked message is there first, then has the node teach them one at a
     * time and records each mark as soon as the filter took it.
     */
    async save(
      principal: Principal,
      domain: DomainRef,
      name: string,
      body: TrainingSave,
    ): Promise<TrainingSaved> {
      const box = await mailbox(principal, domain, name);
      const filter = deps.filter;
      if (!filter || !(await learns(box))) throw fail('filter_unavailable', 'unavailable');
      const read = (id: string) => server(box.node).messageSource(box.address, id, 1);
      for (const id of body.ids)
        if (!(await read(id))) throw fail('message_not_found', 'not_found', { ids: id });
      const skipped: string[] = [];
      for (const id of body.ids) {
        const message = { address: box.address, id, maxBytes: TRAINING_LIMITS.messageBytes };
        const outcome = await filter(box.node)
          .learn(body.mark, message)
          .catch((error: unknown) => {
            deps.logger.warn({ err: error, mailbox: box.address }, 'mail: spam training failed');
            throw fail('filter_unavailable', 'unavailable', undefined, { cause: error });
          });
        if (outcome === 'not_found') throw fail('message_not_found', 'not_found', { ids: id });
        if (outcome === 'too_large') throw fail('message_too_large', 'too_large', { ids: id });
        if (outcome === 'skipped') skipped.push(id);
        else await training.setMark(box.id, id, body.mark, deps.clock.now());
      }
      return { ...(await data(box)), skipped };
    },
  };
}
export type MailTrainingService = ReturnType<typeof createMailTrainingService>;
