import type { OperationResult, Unsubscribe } from './node-bus.port.ts';

/**
 * The in-process bus's results: kept until a handler has taken each (as HAVEN_RESULTS keeps
 * them for the panel's durable consumer), one at a time, a failed one handed over again later.
 */
export function createResultQueue(retryMs: number, onError?: (error: unknown) => void) {
  const waiting: OperationResult[] = [];
  let handler: ((result: OperationResult) => Promise<void>) | null = null;
  let busy = false;
  let retry: NodeJS.Timeout | null = null;

  const pump = () => {
    const result = waiting[0];
    const current = handler;
    if (busy || retry || !current || !result) return;
    busy = true;
    current(result).then(
      () => {
        busy = false;
        if (waiting[0] === result) waiting.shift();
        pump();
      },
      (error: unknown) => {
        busy = false;
        onError?.(error);
        retry = setTimeout(() => {
          retry = null;
          pump();
        }, retryMs);
        retry.unref();
      },
    );
  };

  return {
    push(result: OperationResult) {
      waiting.push(result);
      pump();
    },
    listen(next: (result: OperationResult) => Promise<void>): Unsubscribe {
      handler = next;
      pump();
      return async () => {
        if (handler === next) handler = null;
      };
    },
    close() {
      handler = null;
      if (retry) clearTimeout(retry);
      retry = null;
    },
  };
}
