import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { BuildInfo } from './services.ts';

/** A build is named by the hash of its server bundle, so every new build gets a new id (SPEC §7 manifest). */
export function readBuildInfo(serverBundlePath: string): BuildInfo {
  const bytes = readFileSync(serverBundlePath);
  return {
    id: createHash('sha256').update(bytes).digest('hex').slice(0, 16),
    timestamp: Math.round(statSync(serverBundlePath).mtimeMs),
  };
}
