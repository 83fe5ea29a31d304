import type { Plugin } from 'vite';

/** The modules whose static imports every page of the browser build loads: the entry and the root route. */
const SHELL_ROOTS = [/[\\/]app[\\/]entry\.client\.tsx$/, /[\\/]app[\\/]root\.tsx$/];

/**
 * One chunk for the code every page loads (issue 22, decision 0017): the browser entry, the root route and all
 * they import statically (React, React DOM, React Router, the header, the footer...). Left to the bundler it came
 * as some fifteen files, each compressed on its own; gzip cannot carry what it learnt in one file over to the
 * next, and the same code in one file is ~5 KB gzip smaller. No page loads anything it did not load before:
 * only modules the entry and the root reach through static imports are taken, and every page loads those.
 */
export function shellChunk(): Plugin {
  let shell = new Set<string>();
  const inShell = (id: string) => shell.has(id);
  return {
    name: 'ridgeline:shell-chunk',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    config: () => ({
      environments: {
        client: {
          build: {
            rolldownOptions: {
              output: { codeSplitting: { groups: [{ name: 'shell', test: inShell, priority: 10 }] } },
            },
          },
        },
      },
    }),
    // The module graph is complete here, and chunks are formed after it (when `inShell` is asked).
    buildEnd() {
      const pending = [...this.getModuleIds()].filter((id) =>
        SHELL_ROOTS.some((root) => root.test(id.split('?')[0]!)),
      );
      shell = new Set(pending);
      while (pending.length > 0) {
        for (const imported of this.getModuleInfo(pending.pop()!)?.importedIds ?? []) {
          if (shell.has(imported)) continue;
          shell.add(imported);
          pending.push(imported);
        }
      }
    },
  };
}
