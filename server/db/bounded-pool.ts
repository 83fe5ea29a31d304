import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/**
 * A pg Pool with a bounded waiting line, and a record of database trouble per request.
 *
 * pg's Pool queues every caller it cannot serve at once, without limit: under a slow or overloaded database
 * the queue, and with it memory and latency, grows until requests time out one by one. Here a caller that
 * would join a full line fails at once with DatabaseBusyError, which the HTTP layer turns into 503 with
 * Retry-After (server/http/middleware/load-shed.ts).
 *
 * Errors reach the HTTP layer through code that is not ours (React Router renders a failed loader as its 500
 * page; the /api router answers 500 JSON), so the pool also notes, for the request it runs in
 * (AsyncLocalStorage), that the database was busy or unreachable. The middleware reads that note.
 */

export interface PoolStats {
  /** Connections the pool may open. */
  max: number;
  /** Connections open now (idle or in use). */
  total: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
  maxWaiting: number;
}

export class DatabaseBusyError extends Error {
  readonly code = 'RIDGELINE_DB_BUSY';
  constructor(waiting: number) {
    super(`The database connection pool is saturated (${waiting} requests already waiting)`);
    this.name = 'DatabaseBusyError';
  }
}

export type DatabaseTrouble = 'busy' | 'unavailable';

// SQLSTATEs (PostgreSQL appendix A): class 08 connection exception; 57P01-03 shutdown and start-up;
// 53300 too many connections; 57014 statement cancelled (our statement_timeout).
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03']);
const BUSY_STATES = new Set(['53300', '53400', '57014']);
const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// pg reports a lost socket and its own pool timeouts only as messages, with no code to read.
const PG_LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|Connection terminated due to connection timeout)/;
const PG_POOL_TIMEOUT = /^timeout exceeded when trying to connect$/;

/** Whether an error means the database is busy, unreachable, or neither (a real bug or a refusal). */
export function classifyDatabaseError(error: unknown): DatabaseTrouble | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof DatabaseBusyError) return 'busy';
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (BUSY_STATES.has(code)) return 'busy';
      if (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || NETWORK_ERRORS.has(code))
        return 'unavailable';
    }
    if (typeof message === 'string') {
      if (PG_POOL_TIMEOUT.test(message)) return 'busy';
      if (PG_LOST_CONNECTION.test(message)) return 'unavailable';
    }
    if (current instanceof AggregateError) {
      const inner = current.errors.map(classifyDatabaseError).find(Boolean);
      if (inner) return inner;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

interface TroubleNote {
  trouble: DatabaseTrouble | null;
  /** When the request began (performance.now()). */
  startedAt: number;
}

const scope = new AsyncLocalStorage<TroubleNote>();

/** Runs `work` with a fresh trouble note; the HTTP layer wraps each request in one. */
export function withDatabaseTrouble<T>(work: () => T): { result: T; note: TroubleNote } {
  const note: TroubleNote = { trouble: null, startedAt: performance.now() };
  return { result: scope.run(note, work), note };
}

/**
 * The current request's note itself (undefined outside one), to read after its work has ended: whoever measures
 * a request (admission's service time) can tell one the database failed from one it served.
 */
export function currentTroubleNote(): Readonly<TroubleNote> | undefined {
  return scope.getStore();
}

/** The trouble noted so far in the current request (null outside one, or when all went well). */
export function databaseTrouble(): DatabaseTrouble | null {
  return scope.getStore()?.trouble ?? null;
}

let lastTrouble: { trouble: DatabaseTrouble; at: number } | null = null;

/**
 * Trouble met by any request of this process within the last `withinMs`. Work shared between requests (a
 * cached promise, a coalesced load) fails in the context of the request that started it; the others see only
 * its failure, so the HTTP layer also looks here before calling a 500 a bug.
 */
export function recentDatabaseTrouble(withinMs: number, now = performance.now()): DatabaseTrouble | null {
  return lastTrouble && now - lastTrouble.at <= withinMs ? lastTrouble.trouble : null;
}

/**
 * Trouble the current request may have met: its own, or trouble anywhere in the process since it began (work it
 * shares with another request fails in that one's context). Trouble from before it began is not its own: a page
 * rendered once the database is back is whole, even within seconds of the last failure. Outside a request, the
 * last `withinMs`.
 */
export function troubleDuringRequest(withinMs = 5000): DatabaseTrouble | null {
  const note = scope.getStore();
  if (!note) return recentDatabaseTrouble(withinMs);
  if (note.trouble) return note.trouble;
  return lastTrouble && lastTrouble.at >= note.startedAt ? lastTrouble.trouble : null;
}

function noteTrouble(note: TroubleNote | undefined, error: unknown) {
  const trouble = classifyDatabaseError(error);
  if (trouble) lastTrouble = { trouble, at: performance.now() };
  if (!note) return;
  // 'unavailable' outranks 'busy': the longer Retry-After is the honest one.
  if (trouble && note.trouble !== 'unavailable') note.trouble = trouble;
}

const NOTE = Symbol('ridgeline.troubleNote');
const WATCHED = Symbol('ridgeline.watched');
type WatchedClient = pg.PoolClient & { [NOTE]?: TroubleNote; [WATCHED]?: boolean };
type Callback = (
  error: Error | undefined,
  client?: pg.PoolClient,
  done?: (release?: unknown) => void,
) => void;

/** Notes failed queries of a checked-out client against the request that checked it out. */
function watch(client: WatchedClient) {
  if (client[WATCHED]) return;
  client[WATCHED] = true;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const note = client[NOTE];
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
        if (error) noteTrouble(note, error);
        return (last as (...values: unknown[]) => unknown)(error, ...rest);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(undefined, (error) => noteTrouble(note, error));
    return result;
  };
}

export class BoundedPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    readonly maxWaiting: number,
  ) {
    super(config);
    // pg listens for errors only on idle clients. A client that is checked out (a transaction between two
    // statements, the migration lock) and loses its server (PostgreSQL stopped, a backend terminated) emits
    // 'error' with no listener, and Node ends the process. Every client gets a listener for its whole life;
    // the error is noted as trouble, and pg drops the dead client on release (it is no longer queryable).
    this.on('connect', (client) => {
      client.on('error', (error) => noteTrouble((client as WatchedClient)[NOTE], error));
    });
    // An idle client's error also reaches the pool: noted, never fatal.
    this.on('error', (error) => noteTrouble(undefined, error));
  }

  // pg's Pool.query checks a client out through this.connect too, so every path passes here.
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: Callback): void;
  override connect(callback?: Callback): Promise<pg.PoolClient> | undefined {
    const note = scope.getStore();
    const adopt = (client: WatchedClient) => {
      watch(client);
      client[NOTE] = note;
      const release = client.release;
      client.release = (error?: Error | boolean) => {
        client[NOTE] = undefined;
        return release(error);
      };
      return client;
    };
    const full = this.waitingCount >= this.maxWaiting && this.idleCount === 0;
    if (callback) {
      if (full) {
        const error = new DatabaseBusyError(this.waitingCount);
        noteTrouble(note, error);
        process.nextTick(() => callback(error));
        return;
      }
      super.connect((error, client, done) => {
        if (error) noteTrouble(note, error);
        callback(error, client ? adopt(client as WatchedClient) : client, done);
      });
      return;
    }
    if (full) {
      const error = new DatabaseBusyError(this.waitingCount);
      noteTrouble(note, error);
      return Promise.reject(error);
    }
    return super.connect().then(
      (client) => adopt(client as WatchedClient),
      (error: unknown) => {
        noteTrouble(note, error);
        throw error;
      },
    );
  }
}
