import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

// Charts that mount in one commit were drawn in one task: the dashboard's two donuts took
// ~100 ms on a phone (4x slowdown), blocking input. Each chart now takes its own task.
const waiting: (() => void)[] = [];
let scheduled = false;

function runNext(): void {
  scheduled = false;
  waiting.shift()?.();
  if (waiting.length > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(runNext, 0);
}

/**
 * False at mount; true from a later task of its own, rendered and committed in that task (one
 * caller per task, in mount order), so what draws on it (a chart's effect) runs there too.
 */
export function useOwnTask(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let mounted = true;
    waiting.push(() => {
      if (mounted) flushSync(() => setReady(true));
    });
    schedule();
    return () => {
      mounted = false;
    };
  }, []);
  return ready;
}
