import { cpSync, rmSync } from 'node:fs';
import { startServer, tempDataDir } from '../support/server.ts';

/**
 * Playwright's global set-up: one store is started on an empty data folder (migrated and seeded as any first
 * start does) and stopped; every browser file's store then starts on a copy of that folder instead of seeding
 * its own (~11 s a file on an idle machine). Copies are identical and private: no file sees another's changes.
 */
export const TEMPLATE_VARIABLE = 'RIDGELINE_E2E_SEEDED_DATA_DIR';

export default async function setup(): Promise<() => void> {
  const server = await startServer();
  const code = await server.stop('SIGTERM');
  if (code !== 0) throw new Error(`the template store did not stop cleanly (${code}):\n${server.output()}`);
  process.env[TEMPLATE_VARIABLE] = server.dataDir;
  return () => rmSync(server.dataDir, { recursive: true, force: true });
}

/** A fresh data folder holding a copy of the seeded template, or undefined when the run has none. */
export function seededDataDir(): string | undefined {
  const template = process.env[TEMPLATE_VARIABLE];
  if (!template) return undefined;
  const dataDir = tempDataDir();
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}
