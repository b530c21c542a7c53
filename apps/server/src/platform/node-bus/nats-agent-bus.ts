import { jetstream, type JsMsg } from '@nats-io/jetstream';
import type { Msg } from '@nats-io/transport-node';
import {
  PanelUnavailableError,
  WORK_IN_FLIGHT,
  type AgentBus,
  type NodeName,
  type Operation,
  type OperationResult,
} from './node-bus.port.ts';
import { connectNats, decodeJson, encodeJson, type NatsLoginOptions } from './nats-connect.ts';
import { parseAnswer, parseOperation, type Answer } from './nats-messages.ts';
import { failureOf } from './bus-failure.ts';
import { startPullLoop, whileWorking } from './nats-pull-loop.ts';
import {
  WORK_STREAM,
  checkNodeName,
  nodeInboxPrefix,
  subjects,
  workConsumer,
} from './nats-subjects.ts';

export interface NatsAgentBusOptions extends NatsLoginOptions {
  node: NodeName;
  /** How long one pull for work waits before asking again; default 10 s. */
  pollMs?: number;
  /**
   * Operations applied at once (the panel's consumer allows as many unacknowledged: its
   * `maxAckPending`); default WORK_IN_FLIGHT (32).
   */
  concurrency?: number;
  /** How long a hello waits for the panel to queue the catch-up; default 60 s. */
  helloTimeoutMs?: number;
  /** Told of what the bus waits out or drops: NATS down, a malformed message. */
  onError?: (error: unknown) => void;
}

/**
 * A node's side on NATS: its own user, whose permissions (nats-auth.ts) allow only its own
 * subjects, its own consumer and its own reply inbox. It binds to the consumer the panel made;
 * until the panel has made it, the work loop waits and asks again.
 */
export async function createNatsAgentBus(options: NatsAgentBusOptions): Promise<AgentBus> {
  const node = checkNodeName(options.node);
  const nc = await connectNats(
    { name: `haven-agent-${node}`, ...options },
    { inboxPrefix: nodeInboxPrefix(node), onRetry: (error) => options.onError?.(error) },
  );
  const js = jetstream(nc);
  const report = (error: unknown) => options.onError?.(error);
  const loops = new Set<(wait?: boolean) => Promise<void>>();
  let closing = false;

  const take = async (
    msg: JsMsg,
    ackWaitMs: number,
    apply: (op: Operation) => Promise<OperationResult>,
  ) => {
    let op: Operation;
    try {
      op = parseOperation(msg.json());
    } catch (error) {
      report(error);
      msg.term();
      return;
    }
    let result: OperationResult;
    try {
      result = await whileWorking(msg, ackWaitMs, nc, () => apply(op));
    } catch (error) {
      const at = Date.now();
      result = {
        id: op.id,
        node,
        object: op.object,
        revision: op.revision,
        error: failureOf(error),
        at,
      };
    }
    // Closed meanwhile: neither reported nor acknowledged, so it comes again (and is skipped).
    if (closing) return;
    try {
      await js.publish(subjects.result(node), encodeJson({ ...result, node }));
    } catch (error) {
      msg.nak();
      throw error;
    }
    await msg.ackAck();
  };

  return {
    node,
    async hello(held) {
      let reply: Msg;
      try {
        reply = await nc.request(subjects.hello(node), encodeJson({ ...held, node }), {
          timeout: options.helloTimeoutMs ?? 60_000,
        });
      } catch (error) {
        throw new PanelUnavailableError(`no panel answered the hello of ${node}: ${String(error)}`);
      }
      const answer = parseAnswer(decodeJson(reply.data));
      if (!answer.ok)
        throw new Error(`the panel failed the hello of ${node}: ${answer.error.message}`);
    },
    async consume(apply) {
      const stop = startPullLoop(
        nc,
        js,
        {
          stream: WORK_STREAM,
          consumer: workConsumer(node),
          pollMs: options.pollMs ?? 10_000,
          concurrency: options.concurrency ?? WORK_IN_FLIGHT,
          onError: report,
        },
        (msg, ackWaitMs) => take(msg, ackWaitMs, apply),
      );
      loops.add(stop);
      return async () => {
        loops.delete(stop);
        await stop();
      };
    },
    async heartbeat(beat) {
      nc.publish(subjects.heartbeat(node), encodeJson({ ...beat, node }));
    },
    async serve(read) {
      const answer = async (msg: Msg): Promise<Answer> => {
        try {
          const { call, args } = decodeJson<{ call: string; args: unknown[] }>(msg.data);
          return { ok: true, value: await read(call, args) };
        } catch (error) {
          return { ok: false, error: failureOf(error) };
        }
      };
      const sub = nc.subscribe(subjects.read(node), {
        callback: (error, msg) => {
          if (error) return report(error);
          void answer(msg).then((a) => {
            try {
              msg.respond(encodeJson(a));
            } catch (error) {
              // An answer over the server's message size (a huge listing): say so instead.
              report(error);
              msg.respond(encodeJson({ ok: false, error: failureOf(error) } satisfies Answer));
            }
          }, report);
        },
      });
      // Resolves once the server has the subscription: the panel's next read finds it.
      await nc.flush();
      return async () => sub.unsubscribe();
    },
    async close() {
      closing = true;
      await Promise.all([...loops].map((stop) => stop(false)));
      loops.clear();
      await nc.close();
    },
  };
}
