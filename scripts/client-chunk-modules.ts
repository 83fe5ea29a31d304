import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

/** Where the map lands: next to build/client, never inside it, so it is not served. */
export const CLIENT_CHUNKS_FILE = 'client-chunks.json';

export interface ClientChunk {
  /** Source modules bundled into the chunk, as paths from the project root ('app/routes/home.tsx'). */
  modules: string[];
  /** Chunks it imports statically and dynamically (file names as in the bundle). */
  imports: string[];
  dynamicImports: string[];
}

/**
 * Records, for every chunk of the client build, the source modules inside it and the chunks it loads. React
 * Router's manifest names a route's chunk files but not what they hold; scripts/storefront-chunks.mjs reads this
 * map to prove that no storefront route ships back-office code (decision 0006).
 */
export function clientChunkModules(): Plugin {
  let root = process.cwd();
  return {
    name: 'ridgeline:client-chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    writeBundle(options, bundle) {
      if (this.environment.config.consumer !== 'client' || !options.dir) return;
      const chunks: Record<string, ClientChunk> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = {
          modules: output.moduleIds
            .filter((id) => !id.startsWith('\0'))
            .map((id) => relative(root, id.split('?')[0]!).split('\\').join('/'))
            .sort(),
          imports: output.imports,
          dynamicImports: output.dynamicImports,
        };
      }
      writeFileSync(join(options.dir, '..', CLIENT_CHUNKS_FILE), `${JSON.stringify(chunks, null, 1)}\n`);
    },
  };
}
