import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p99: number;
  p50: number;
  errors: number;
  non2xx: number;
}

export async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections = 50,
): Promise<LoadResult> {
  const r = await autocannon({ url, headers, connections, duration: seconds, pipelining: 1 });
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    p50: r.latency.p50,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);
