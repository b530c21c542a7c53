import type { Consumer, JetStreamClient, JsMsg } from '@nats-io/jetstream';
import { millis, nanos, type NatsConnection } from '@nats-io/transport-node';
import { watchConnection } from './nats-connect.ts';

export interface PullLoopOptions {
  stream: string;
  consumer: string;
  /** How long one pull waits for a message before asking again (at least 1 s). */
  pollMs: number;
  /** Messages handled at once (the consumer's max_ack_pending caps what it hands out); default 1. */
  concurrency?: number;
  /** Told of failures the loop waits out (NATS down, consumer missing, a handler's error). */
  onError?: (error: unknown) => void;
}

/**
 * Takes messages from a durable pull consumer, up to `concurrency` in hand, forever: a failed
 * pull (NATS restarting, the consumer not made yet, permissions) is retried after a pause, so the
 * loop survives anything but `stop()` and the connection's close. `handle` acknowledges each
 * message itself; `stop()` waits for those in hand (and a pull under way, up to `pollMs`), unless
 * told not to wait (the connection is closing: what is in hand is never acknowledged and comes
 * again).
 */
export function startPullLoop(
  nc: NatsConnection,
  js: JetStreamClient,
  options: PullLoopOptions,
  /** `ackWaitMs`: the consumer's time to acknowledge, which `msg.working()` extends. */
  handle: (msg: JsMsg, ackWaitMs: number) => Promise<void>,
): (wait?: boolean) => Promise<void> {
  let stopped = false;
  const limit = Math.max(1, options.concurrency ?? 1);
  const inHand = new Set<Promise<void>>();
  const connection = watchConnection(nc);
  let onStop: () => void = () => undefined;
  const stopping = new Promise<void>((resolve) => (onStop = resolve));
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      void stopping.then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  const running = (async () => {
    let consumer: Consumer | null = null;
    let failures = 0;
    while (!stopped && !nc.isClosed()) {
      try {
        if (inHand.size >= limit) {
          await Promise.race([...inHand, stopping]);
          continue;
        }
        consumer ??= await js.consumers.get(options.stream, options.consumer);
        const msg = await consumer.next({ expires: Math.max(1000, options.pollMs) });
        failures = 0;
        if (!msg) continue;
        if (stopped) {
          msg.nak();
          break;
        }
        const info = await consumer.info(true);
        // Not awaited: the next message is taken while this one is handled.
        const handling: Promise<void> = handle(msg, millis(info.config.ack_wait ?? nanos(30_000)))
          .catch((error: unknown) => {
            if (!stopped && !nc.isClosed()) options.onError?.(error);
          })
          .finally(() => inHand.delete(handling));
        inHand.add(handling);
      } catch (error) {
        if (stopped || nc.isClosed()) break;
        options.onError?.(error);
        // Looked up again after a failure: the consumer may have been made (or remade) since.
        consumer = null;
        failures++;
        await pause(Math.min(5000, 125 * 2 ** Math.min(failures, 6)));
        await Promise.race([connection.reconnected(), stopping]);
      }
    }
  })();
  return async (wait = true) => {
    stopped = true;
    onStop();
    if (!wait) return;
    await running;
    await Promise.all([...inHand]);
  };
}

/**
 * Runs `work` while telling JetStream the message is still being worked on, so a long apply
 * (or a slow result handler) is not handed out again; stops telling once the connection closes.
 */
export async function whileWorking<T>(
  msg: JsMsg,
  ackWaitMs: number,
  nc: NatsConnection,
  work: () => Promise<T>,
): Promise<T> {
  const keepAlive = setInterval(
    () => (nc.isClosed() ? clearInterval(keepAlive) : msg.working()),
    Math.max(250, ackWaitMs / 3),
  );
  try {
    return await work();
  } finally {
    clearInterval(keepAlive);
  }
}
