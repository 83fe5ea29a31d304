import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createContentServices } from '../content/index.ts';
import { openDatabase } from '../db/database.ts';
import { createBackInStockNotifier } from '../mail/back-in-stock.ts';
import { createMailer } from '../mail/mailer.ts';
import { CommerceError } from './errors.ts';
import { createStock } from './stock.ts';

// `npm run stock -- --sku RL-…-RED-M --set 12` (a stock count) or `--add 12` (a delivery), optionally with
// `--note "…"`. The change takes the one stock path (stock.ts): a stock movement 'count' or 'delivery' by the
// command line, shown in the variant's history in the back office. A variant that was sold out and comes back mails
// its back-in-stock subscribers (the outbox, or SMTP when configured).
const { values } = parseArgs({
  options: {
    sku: { type: 'string' },
    set: { type: 'string' },
    add: { type: 'string' },
    note: { type: 'string' },
  },
});
const amount = Number(values.set ?? values.add);
if (!values.sku || (values.set === undefined) === (values.add === undefined) || !Number.isInteger(amount)) {
  process.stderr.write(
    'Usage: npm run stock -- --sku <variant sku> (--set <level> | --add <units>) [--note <text>]\n',
  );
  process.exit(1);
}
const config = loadConfig(process.env);
const handle = await openDatabase(config);
try {
  await handle.migrate();
  const content = createContentServices({ config, db: handle.db });
  const notify = createBackInStockNotifier(handle.db, {
    mailer: createMailer({
      from: config.MAIL_FROM,
      smtpUrl: config.SMTP_URL,
      outboxDir: join(config.DATA_DIR, 'outbox'),
    }),
    origin: config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`,
    textFor: (locale) => content.client.displayText(locale),
  });
  let mailed = 0;
  const stock = createStock(handle.db, {
    onBackInStock: async (changes) => {
      mailed = await notify(changes);
    },
  });
  const variantId = await stock.variantBySku(values.sku);
  if (variantId === null) {
    process.stderr.write(`No variant with sku ${values.sku}\n`);
    process.exitCode = 1;
  } else {
    const change =
      values.set !== undefined
        ? await stock.set(variantId, amount, values.note)
        : await stock.add(variantId, amount, values.note);
    process.stdout.write(
      `${values.sku.toUpperCase()}: ${change.before} → ${change.after}; ${mailed} back-in-stock e-mail(s) sent.\n`,
    );
  }
} catch (error) {
  if (!(error instanceof CommerceError)) throw error;
  process.stderr.write(`${error.detail ?? error.message}\n`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
