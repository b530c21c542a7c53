import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { WORK_IN_FLIGHT, type NodeName } from './node-bus.port.ts';
import {
  RESULTS_CONSUMER,
  RESULTS_STREAM,
  WORK_STREAM,
  subjects,
  workConsumer,
} from './nats-subjects.ts';

/** How the panel lays out JetStream; the defaults suit one NATS server. */
export interface NatsStreamOptions {
  /** Copies of each stream in a NATS cluster (3 for the cluster docs/operations.md describes). */
  replicas?: number;
  /**
   * How long a node has to apply one operation before it is given again (the agent extends it
   * while it works, so this is how soon a dead agent's work comes back). Default 30 s.
   */
  ackWaitMs?: number;
  /**
   * Operations a node may hold unacknowledged at once (its agent applies them side by side,
   * each object's in order). Default WORK_IN_FLIGHT (32).
   */
  maxAckPending?: number;
}

/** A relay that crashed between publishing and marking rows sent republishes within this. */
const DUPLICATE_WINDOW_MS = 10 * 60_000;

/** HAVEN_WORK and HAVEN_RESULTS, file storage, work-queue retention: gone once acknowledged. */
export async function ensureStreams(
  jsm: JetStreamManager,
  options: NatsStreamOptions,
): Promise<void> {
  const common = {
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
    num_replicas: options.replicas ?? 1,
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
  };
  await ensureStream(jsm, { name: WORK_STREAM, subjects: ['haven.work.>'], ...common });
  await ensureStream(jsm, { name: RESULTS_STREAM, subjects: ['haven.result.>'], ...common });
  await ensureConsumer(jsm, RESULTS_STREAM, {
    durable_name: RESULTS_CONSUMER,
    filter_subject: 'haven.result.>',
    ack_policy: AckPolicy.Explicit,
    ack_wait: nanos(options.ackWaitMs ?? 30_000),
    deliver_policy: DeliverPolicy.All,
  });
}

/**
 * The node's durable pull consumer: its own subject only, up to `maxAckPending` unacknowledged
 * messages (a slow object holds up one of them, not the node's queue).
 */
export async function ensureWorkConsumer(
  jsm: JetStreamManager,
  node: NodeName,
  options: NatsStreamOptions,
): Promise<void> {
  await ensureConsumer(jsm, WORK_STREAM, {
    durable_name: workConsumer(node),
    filter_subject: subjects.work(node),
    ack_policy: AckPolicy.Explicit,
    ack_wait: nanos(options.ackWaitMs ?? 30_000),
    // Order per object is the agent's (held revisions skip an older redelivery).
    max_ack_pending: options.maxAckPending ?? WORK_IN_FLIGHT,
    deliver_policy: DeliverPolicy.All,
    num_replicas: options.replicas ?? 1,
  });
}

type StreamConfig = Parameters<JetStreamManager['streams']['add']>[0];
type ConsumerConfig = Parameters<JetStreamManager['consumers']['add']>[1];

const notFound = (error: unknown, code: number) =>
  error instanceof JetStreamApiError && error.code === code;

async function ensureStream(jsm: JetStreamManager, config: StreamConfig): Promise<void> {
  try {
    await jsm.streams.info(config.name);
  } catch (error) {
    if (!notFound(error, JetStreamApiCodes.StreamNotFound)) throw error;
    await jsm.streams.add(config);
    return;
  }
  // Settings that may change in place (replicas, the window); a changed retention is refused.
  await jsm.streams.update(config.name, config);
}

async function ensureConsumer(jsm: JetStreamManager, stream: string, config: ConsumerConfig) {
  const name = config.durable_name ?? '';
  try {
    await jsm.consumers.info(stream, name);
  } catch (error) {
    if (!notFound(error, JetStreamApiCodes.ConsumerNotFound)) throw error;
    await jsm.consumers.add(stream, config);
    return;
  }
  await jsm.consumers.update(stream, name, {
    ack_wait: config.ack_wait,
    max_ack_pending: config.max_ack_pending,
  });
}
