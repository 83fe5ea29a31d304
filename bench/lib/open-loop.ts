/**
 * Load for bench/overload.ts, on node:http with keep-alive sockets, in two shapes:
 *
 * - open loop: requests leave on a fixed schedule (one every 1000/rate ms) whatever the answers, each on a free
 *   socket or a new one, and each latency is counted from the request's SCHEDULED time, not from when it was
 *   actually sent. A slow server therefore cannot slow the load down and hide its own delay ("coordinated
 *   omission"), as a closed loop of N connections does. autocannon's --overallRate only spaces the requests of
 *   its fixed connections, so a connection stuck on a slow answer delays the ones scheduled after it.
 * - closed loop: N connections, each sending its next request when the last answer has arrived (capacity, and
 *   the "50 connections" figure of issue 22).
 *
 * Every answer is read to its end; latencies are kept per status (200 and 503 apart).
 */
import http from 'node:http';

export interface Answer {
  status: number;
  /** Milliseconds from the scheduled (open loop) or actual (closed loop) send to the last byte. */
  ms: number;
  retryAfter: string | null;
}

export interface LoadRun {
  answers: Answer[];
  /** Requests that failed without an HTTP answer (connection refused or reset). */
  errors: number;
  seconds: number;
}

function send(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<Omit<Answer, 'ms'>> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: { 'accept-encoding': 'gzip', ...headers } },
      (response) => {
        response.on('data', () => {});
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: (response.headers['retry-after'] as string | undefined) ?? null,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

export async function openLoop(options: {
  url: string;
  /** Requests per second. */
  rate: number;
  seconds: number;
  headers?: Record<string, string>;
}): Promise<LoadRun> {
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const answers: Answer[] = [];
  const pending: Promise<void>[] = [];
  let errors = 0;
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const started = performance.now();
  for (let sent = 0; sent < total; ) {
    const now = performance.now();
    // Every request whose time has come leaves now, however late this loop wakes up.
    while (sent < total && started + sent * interval <= now) {
      const scheduled = started + sent * interval;
      sent++;
      pending.push(
        send(agent, url, options.headers ?? {}).then(
          (answer) => void answers.push({ ...answer, ms: performance.now() - scheduled }),
          () => void errors++,
        ),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(pending);
  agent.destroy();
  return { answers, errors, seconds: (performance.now() - started) / 1000 };
}

export async function closedLoop(options: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}): Promise<LoadRun> {
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const answers: Answer[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + options.seconds * 1000;
  const connection = async () => {
    while (performance.now() < end) {
      const sentAt = performance.now();
      try {
        const answer = await send(agent, url, options.headers ?? {});
        answers.push({ ...answer, ms: performance.now() - sentAt });
      } catch {
        errors++;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, connection));
  agent.destroy();
  return { answers, errors, seconds: (performance.now() - started) / 1000 };
}

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** The figures of a run: served (200) and refused (503) answers apart. */
export function summarise(run: LoadRun) {
  const served = run.answers.filter((answer) => answer.status === 200).map((answer) => answer.ms);
  const refused = run.answers.filter((answer) => answer.status === 503);
  const other = run.answers.length - served.length - refused.length;
  const refusedMs = refused.map((answer) => answer.ms);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    requests: run.answers.length + run.errors,
    servedPerSecond: round(served.length / run.seconds),
    servedP50: round(percentile(served, 50)),
    servedP99: round(percentile(served, 99)),
    refusedShare: round((100 * refused.length) / Math.max(1, run.answers.length + run.errors)),
    refusedP50: refused.length ? round(percentile(refusedMs, 50)) : null,
    refusedP99: refused.length ? round(percentile(refusedMs, 99)) : null,
    refusedWithRetryAfter: refused.every((answer) => answer.retryAfter !== null),
    other,
    errors: run.errors,
  };
}
