import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { renderPage } from '../test/render.tsx';
import { QueryState } from './query-state.tsx';

const failed = (error: unknown) => ({
  isPending: false,
  isError: true,
  error,
  refetch: () => undefined,
});

const show = (error: unknown) =>
  renderPage(<QueryState query={failed(error)}>{() => <p>content</p>}</QueryState>);

// A refusal answers the same every time; a fault or a lost connection may pass.
describe('QueryState', () => {
  it('offers no retry for a refusal (403) or another 4xx', async () => {
    show(new ApiError(403, 'forbidden'));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opnieuw proberen' })).not.toBeInTheDocument();
    expect(screen.queryByText('content')).not.toBeInTheDocument();
  });

  it.each([
    ['a server fault (500)', new ApiError(500, 'internal')],
    ['an unreachable service (503)', new ApiError(503, 'unavailable')],
    ['a lost connection', new ApiError(0, 'network')],
    ['an unexpected failure', new Error('boom')],
  ])('offers a retry for %s', async (_, error) => {
    show(error);
    expect(await screen.findByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
  });
});
