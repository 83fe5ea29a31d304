import { Transform } from 'node:stream';
import { inlineStylesheets } from '#core/inline-stylesheets.ts';
import { withoutModulePreloads } from '#core/module-preloads.ts';
import { builtStylesheet } from './built-stylesheets.server.ts';

const HEAD_END = Buffer.from('</head>');

/**
 * The page's stream with its head's stylesheets inline (core/inline-stylesheets.ts, decision 0016) and without its
 * module preloads (core/module-preloads.ts, decision 0024): holds the bytes until </head> (React writes the head
 * with the shell, at once), rewrites them, and passes the rest through untouched.
 */
export function inlineHeadStylesheets(): Transform {
  let held: Buffer[] = [];
  let passing = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (passing) return callback(null, chunk);
      held.push(chunk);
      const bytes = Buffer.concat(held);
      const end = bytes.indexOf(HEAD_END);
      if (end < 0) return callback();
      passing = true;
      held = [];
      // Cut at the ASCII </head>, so no UTF-8 character is split.
      const head = withoutModulePreloads(
        inlineStylesheets(bytes.subarray(0, end).toString('utf8'), builtStylesheet),
      );
      callback(null, Buffer.concat([Buffer.from(head, 'utf8'), bytes.subarray(end)]));
    },
    flush(callback) {
      callback(null, held.length ? Buffer.concat(held) : null);
    },
  });
}
