import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite lets two processes open one data folder without a word, and the second one corrupts it. So the
 * process that opens the folder writes its pid into a lock file created exclusively; a second process finds it,
 * sees the owner still alive and refuses. A lock left by a process that died (kill -9) is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The embedded database in ${dir} is already in use by process ${ownerPid}. ` +
        'Stop that process first, or give this one another DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else: still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function lockDataDir(dir: string, pid: number = process.pid): DataDirLock {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'ridgeline.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${pid}\n`);
      closeSync(fd);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          if (readOwner(path) === pid) rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(path);
      if (owner !== undefined && owner !== pid && isAlive(owner)) throw new DataDirLockedError(dir, owner);
      // Stale (owner gone) or half-written: remove it and try again.
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${path}; remove it if no Ridgeline process is running.`);
}
