import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useOwnTask } from './one-per-task.ts';

function Probe({ name }: { name: string }) {
  return <span>{`${name} ${useOwnTask() ? 'ready' : 'waiting'}`}</span>;
}

// Runs exactly the next timer: one task.
const nextTask = () =>
  act(() => {
    vi.advanceTimersToNextTimer();
  });

describe('useOwnTask', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('makes one caller ready per task, in mount order', () => {
    render(
      <>
        <Probe name="a" />
        <Probe name="b" />
      </>,
    );
    expect(screen.getByText('a waiting')).toBeInTheDocument();
    expect(screen.getByText('b waiting')).toBeInTheDocument();
    nextTask();
    expect(screen.getByText('a ready')).toBeInTheDocument();
    expect(screen.getByText('b waiting')).toBeInTheDocument();
    nextTask();
    expect(screen.getByText('b ready')).toBeInTheDocument();
  });

  it('skips a caller that unmounted before its turn', () => {
    const { unmount } = render(<Probe name="gone" />);
    unmount();
    render(<Probe name="c" />);
    nextTask();
    nextTask();
    expect(screen.getByText('c ready')).toBeInTheDocument();
  });
});
