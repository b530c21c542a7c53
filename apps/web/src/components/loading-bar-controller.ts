import { LIMITS } from '@haven/contract/shared';

/** The parts of Mantine's nprogress the bar drives. */
export interface ProgressActions {
  start: () => void;
  set: (value: number) => void;
  stop: () => void;
  hide: () => void;
  reset: () => void;
}

type Phase = 'idle' | 'waiting' | 'running' | 'finishing';

/**
 * Specs: the bar appears only after 100 ms of waiting (fast answers never flash it); on
 * reaching 100 it waits 700 ms, hides, and resets 250 ms later. Work that starts again while
 * finishing picks the bar up where it is.
 */
export function createLoadingBarController(actions: ProgressActions) {
  let phase: Phase = 'idle';
  let timer: ReturnType<typeof setTimeout> | undefined;

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  return {
    get phase(): Phase {
      return phase;
    },
    setPending(pending: boolean): void {
      if (pending) {
        if (phase === 'waiting' || phase === 'running') return;
        if (phase === 'finishing') {
          clear();
          phase = 'running';
          actions.start();
          return;
        }
        phase = 'waiting';
        timer = setTimeout(() => {
          phase = 'running';
          actions.start();
        }, LIMITS.loadingBarDelayMs);
        return;
      }
      if (phase === 'waiting') {
        clear();
        phase = 'idle';
      } else if (phase === 'running') {
        phase = 'finishing';
        actions.stop();
        actions.set(100);
        timer = setTimeout(() => {
          actions.hide();
          timer = setTimeout(() => {
            phase = 'idle';
            actions.reset();
          }, LIMITS.loadingBarHideMs);
        }, LIMITS.loadingBarDoneMs);
      }
    },
    dispose(): void {
      clear();
      phase = 'idle';
    },
  };
}
