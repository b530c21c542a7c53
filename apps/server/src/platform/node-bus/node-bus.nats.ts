import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { Msg } from '@nats-io/transport-node';
import {
  NodeCallError,
  NodeUnavailableError,
  type NodeName,
  type PanelBus,
  type Unsubscribe,
} from './node-bus.port.ts';
import {
  connectNats,
  decodeJson,
  encodeJson,
  watchConnection,
  type NatsLoginOptions,
} from './nats-connect.ts';
import {
  parseAnswer,
  parseHeartbeat,
  parseHeld,
  parseResult,
  type Answer,
} from './nats-messages.ts';
import { failureOf } from './bus-failure.ts';
import { startPullLoop, whileWorking } from './nats-pull-loop.ts';
import { ensureStreams, ensureWorkConsumer, type NatsStreamOptions } from './nats-streams.ts';
import {
  PANEL_QUEUE,
  RESULTS_CONSUMER,
  RESULTS_STREAM,
  nodeOfSubject,
  subjects,
} from './nats-subjects.ts';

export { createNatsAgentBus, type NatsAgentBusOptions } from './nats-agent-bus.ts';

export interface NatsPanelBusOptions extends NatsLoginOptions, NatsStreamOptions {
  /** How long one pull for results waits before asking again; default 10 s. */
  pollMs?: number;
  /** Told of what the bus waits out or drops: NATS down, a malformed message, a handler's error. */
  onError?: (error: unknown) => void;
}

/** A handler's failure comes back to the results queue after this, not at once in a loop. */
const RETRY_RESULT_MS = 1000;

/**
 * The panel's side on NATS JetStream (docs/nodes.md): the panel's admin user makes the streams
 * and each node's consumer, publishes work with the operation id as message id, takes results
 * from its durable consumer, and hears heartbeats and hellos on core NATS in one queue group, so
 * each is handled by one panel instance.
 */
export async function createNatsPanelBus(options: NatsPanelBusOptions): Promise<PanelBus> {
  const nc = await connectNats(
    { name: 'haven-panel', ...options },
    { onRetry: (error) => options.onError?.(error) },
  );
  const jsm = await jetstreamManager(nc);
  await ensureStreams(jsm, options);
  const js = jetstream(nc);
  const connection = watchConnection(nc);
  const report = (error: unknown) => options.onError?.(error);
  const ready = new Set<NodeName>();
  const loops = new Set<(wait?: boolean) => Promise<void>>();

  const ensureNode = async (node: NodeName) => {
    if (ready.has(node)) return;
    await ensureWorkConsumer(jsm, node, options);
    ready.add(node);
  };
  const subscribe = async (subject: string, handle: (msg: Msg) => void): Promise<Unsubscribe> => {
    const sub = nc.subscribe(subject, {
      queue: PANEL_QUEUE,
      callback: (error, msg) => (error ? report(error) : handle(msg)),
    });
    // Resolves once the server has the subscription: an agent's next message finds it.
    await nc.flush();
    return async () => sub.unsubscribe();
  };

  return {
    async publish(op) {
      // Sent while disconnected it would be lost and wait out its timeout: fail now, the relay retries.
      if (!connection.connected()) throw new Error('not connected to NATS');
      await ensureNode(op.node);
      await js.publish(subjects.work(op.node), encodeJson(op), { msgID: op.id });
    },
    ensureNode,
    async onResult(handler) {
      const stop = startPullLoop(
        nc,
        js,
        {
          stream: RESULTS_STREAM,
          consumer: RESULTS_CONSUMER,
          pollMs: options.pollMs ?? 10_000,
          onError: report,
        },
        async (msg, ackWaitMs) => {
          let result;
          try {
            result = parseResult(nodeOfSubject(msg.subject), msg.json());
          } catch (error) {
            report(error);
            msg.term();
            return;
          }
          try {
            await whileWorking(msg, ackWaitMs, nc, () => handler(result));
          } catch (error) {
            report(error);
            msg.nak(RETRY_RESULT_MS);
            return;
          }
          await msg.ackAck();
        },
      );
      loops.add(stop);
      return async () => {
        loops.delete(stop);
        await stop();
      };
    },
    async onHeartbeat(handler) {
      return subscribe('haven.hb.*', (msg) => {
        try {
          handler(parseHeartbeat(nodeOfSubject(msg.subject), msg.json()));
        } catch (error) {
          report(error);
        }
      });
    },
    async onHello(handler) {
      return subscribe('haven.hello.*', (msg) => {
        const answer = async (): Promise<Answer> => {
          try {
            await handler(parseHeld(nodeOfSubject(msg.subject), msg.json()));
            return { ok: true };
          } catch (error) {
            report(error);
            return { ok: false, error: failureOf(error) };
          }
        };
        void answer().then((a) => msg.respond(encodeJson(a)));
      });
    },
    async request(node, call, args, timeoutMs) {
      let reply: Msg;
      try {
        reply = await nc.request(subjects.read(node), encodeJson({ call, args }), {
          timeout: timeoutMs,
        });
      } catch (error) {
        // A timeout, no agent listening, or NATS itself unreachable: the node is not there for us.
        throw new NodeUnavailableError(node, `node ${node} did not answer`, { cause: error });
      }
      let answer: Answer;
      try {
        answer = parseAnswer(decodeJson(reply.data));
      } catch {
        throw new NodeCallError(
          node,
          'failed',
          `node ${node} answered something else than a read's answer`,
        );
      }
      if (!answer.ok) throw new NodeCallError(node, answer.error.reason, answer.error.message);
      return answer.value;
    },
    async close() {
      await Promise.all([...loops].map((stop) => stop(false)));
      loops.clear();
      await nc.close();
    },
  };
}
