import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BoundedPool,
  classifyDatabaseError,
  DatabaseBusyError,
  databaseTrouble,
  troubleDuringRequest,
  withDatabaseTrouble,
} from './bounded-pool.ts';

/** A TCP port that accepts connections and never answers: a database that hangs. */
async function silentServer(): Promise<{ server: Server; port: number; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0, sockets };
}

/** A port nothing listens on: a database that is down. */
async function closedPort(): Promise<number> {
  const { server, port } = await silentServer();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('classifyDatabaseError', () => {
  it('tells busy, unavailable and ordinary errors apart, looking through causes', () => {
    expect(classifyDatabaseError(new DatabaseBusyError(3))).toBe('busy');
    expect(classifyDatabaseError(Object.assign(new Error('canceled'), { code: '57014' }))).toBe('busy');
    expect(classifyDatabaseError(new Error('timeout exceeded when trying to connect'))).toBe('busy');
    expect(classifyDatabaseError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(
      'unavailable',
    );
    expect(classifyDatabaseError(Object.assign(new Error('shutdown'), { code: '57P01' }))).toBe(
      'unavailable',
    );
    expect(classifyDatabaseError(Object.assign(new Error('x'), { code: '08006' }))).toBe('unavailable');
    expect(classifyDatabaseError(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    const wrapped = new Error('Failed query: select 1', {
      cause: Object.assign(new Error('starting up'), { code: '57P03' }),
    });
    expect(classifyDatabaseError(wrapped)).toBe('unavailable');
    expect(
      classifyDatabaseError(new AggregateError([Object.assign(new Error(), { code: 'ECONNREFUSED' })])),
    ).toBe('unavailable');
    // A constraint violation or a plain bug is not the database being away.
    expect(classifyDatabaseError(Object.assign(new Error('dup'), { code: '23505' }))).toBeNull();
    expect(classifyDatabaseError(new TypeError('undefined is not a function'))).toBeNull();
    expect(classifyDatabaseError(null)).toBeNull();
  });
});

describe('BoundedPool', () => {
  let silent: Awaited<ReturnType<typeof silentServer>>;
  beforeAll(async () => {
    silent = await silentServer();
  });
  afterAll(async () => {
    for (const socket of silent.sockets) socket.destroy();
    await new Promise((resolve) => silent.server.close(resolve));
  });

  it('refuses a caller at once when the waiting line is full, and notes it for the request', async () => {
    const pool = new BoundedPool(
      {
        host: '127.0.0.1',
        port: silent.port,
        user: 'x',
        database: 'x',
        max: 1,
        connectionTimeoutMillis: 2000,
      },
      2,
    );
    pool.on('error', () => {});
    // One connection being opened (it never finishes) and two callers waiting behind it.
    const pending = [pool.query('select 1'), pool.query('select 2'), pool.query('select 3')];
    for (const promise of pending) promise.catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pool.waitingCount).toBe(2);
    const { result, note } = withDatabaseTrouble(async () => {
      const started = performance.now();
      const error = await pool.query('select 4').catch((caught: unknown) => caught);
      return { error, ms: performance.now() - started };
    });
    const { error, ms } = await result;
    expect(error).toBeInstanceOf(DatabaseBusyError);
    expect(ms).toBeLessThan(100);
    expect(note.trouble).toBe('busy');
    // The waiting callers themselves give up after connectionTimeoutMillis instead of hanging.
    const settled = await Promise.allSettled(pending);
    expect(settled.map((entry) => entry.status)).toEqual(['rejected', 'rejected', 'rejected']);
    await pool.end();
  });

  it('notes an unreachable database for the request that met it, and for no other', async () => {
    const pool = new BoundedPool(
      {
        host: '127.0.0.1',
        port: await closedPort(),
        user: 'x',
        database: 'x',
        connectionTimeoutMillis: 2000,
      },
      10,
    );
    pool.on('error', () => {});
    const failing = withDatabaseTrouble(async () => {
      await pool.query('select 1').catch(() => {});
      return databaseTrouble();
    });
    const bystander = withDatabaseTrouble(async () => 'no query');
    expect(await failing.result).toBe('unavailable');
    expect(failing.note.trouble).toBe('unavailable');
    await bystander.result;
    expect(bystander.note.trouble).toBeNull();
    expect(databaseTrouble()).toBeNull();
    await pool.end();
  });
});

describe('troubleDuringRequest', () => {
  it('counts trouble met by the request, or by any request while it ran, never trouble from before it began', async () => {
    const pool = new BoundedPool(
      {
        host: '127.0.0.1',
        port: await closedPort(),
        user: 'x',
        database: 'x',
        connectionTimeoutMillis: 2000,
      },
      10,
    );
    pool.on('error', () => {});
    const fail = () => pool.query('select 1').catch(() => {});
    // A request that began before another one failed: the failure may be in work they share.
    let failed!: () => void;
    const other = new Promise<void>((resolve) => {
      failed = resolve;
    });
    const during = withDatabaseTrouble(async () => {
      await other;
      return troubleDuringRequest();
    });
    await withDatabaseTrouble(async () => {
      await fail();
      return troubleDuringRequest();
    }).result.then((own) => expect(own).toBe('unavailable'));
    failed();
    expect(await during.result).toBe('unavailable');
    // A request that begins after the failure (the database is back) met none, though it was a moment ago.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const after = withDatabaseTrouble(async () => troubleDuringRequest());
    expect(await after.result).toBeNull();
    // Outside a request: the last seconds.
    expect(troubleDuringRequest(60_000)).toBe('unavailable');
    await pool.end();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('BoundedPool on PostgreSQL', () => {
  it('notes a statement cancelled by statement_timeout as busy, on a checked-out client too', async () => {
    const pool = new BoundedPool(
      { connectionString: process.env.TEST_DATABASE_URL, max: 2, statement_timeout: 100 },
      10,
    );
    pool.on('error', () => {});
    const { result, note } = withDatabaseTrouble(async () => {
      const client = await pool.connect();
      try {
        return await client.query('select pg_sleep(1)').catch((error: { code?: string }) => error.code);
      } finally {
        client.release();
      }
    });
    expect(await result).toBe('57014');
    expect(note.trouble).toBe('busy');
    const ok = withDatabaseTrouble(() => pool.query('select 1 as one'));
    expect((await ok.result).rows[0]).toEqual({ one: 1 });
    expect(ok.note.trouble).toBeNull();
    await pool.end();
  });
});
