import type { Logger } from 'pino';

/**
 * A warning logged for the 1st, 101st, 201st… occurrence of each kind, with the count so far. Under overload
 * every request may be turned away: a line per request would add to the load (the request log has each one).
 */
const EVERY = 100;

export function sampledWarning(
  logger: Pick<Logger, 'warn'>,
  message: string,
): (kind: string, fields: Record<string, unknown>) => void {
  const counts = new Map<string, number>();
  return (kind, fields) => {
    const count = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, count);
    if ((count - 1) % EVERY === 0) logger.warn({ ...fields, kind, count }, message);
  };
}
