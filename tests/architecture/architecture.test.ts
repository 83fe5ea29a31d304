import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALLOWED, importsOf, ROOT, targetOf, treeViolations, violationsOf } from './import-rules.ts';

describe('the architecture (docs/decisions/0001-one-set-of-services.md)', () => {
  it('holds across core, app and server', () => {
    expect(treeViolations()).toEqual([]);
  });

  it('tells a type import from a value import', () => {
    const facts = importsOf(
      'app/x.ts',
      [
        "import type { A } from '#server/a.ts';",
        "import { type B } from '#server/b.ts';",
        "import { type C, d } from '#server/c.ts';",
        "export { e } from '#server/e.ts';",
        "const f = await import('#server/f.ts');",
      ].join('\n'),
    );
    expect(facts).toEqual([
      { specifier: '#server/a.ts', typeOnly: true },
      { specifier: '#server/b.ts', typeOnly: true },
      { specifier: '#server/c.ts', typeOnly: false },
      { specifier: '#server/e.ts', typeOnly: false },
      { specifier: '#server/f.ts', typeOnly: false },
    ]);
  });

  it.each([
    ['app/routes/x.tsx', "import { createCommerce } from '#server/commerce/index.ts';", 'app reaches server'],
    [
      'app/lib/x.server.ts',
      "import { subscribe } from '../../server/newsletter/subscribe.ts';",
      'app reaches server',
    ],
    ['core/x.ts', "import { readFileSync } from 'node:fs';", 'core is pure'],
    ['core/x.ts', "import { useState } from 'react';", 'core is pure'],
    ['core/x.ts', "import type { Services } from '#server/services.ts';", 'core is pure'],
    [
      'server/db/x.ts',
      "import { products } from '../commerce/schema-catalogue.ts';",
      'server/db knows no domain',
    ],
    ['server/content/x.ts', "import { createCommerce } from '../commerce/index.ts';", 'content and media'],
    ['server/media/x.ts', "import type { Commerce } from '#server/commerce/index.ts';", 'content and media'],
    [
      'server/commerce/x.ts',
      "import { createMailer } from '../mail/mailer.ts';",
      'commerce announces events',
    ],
    ['server/search/x.ts', "import { catalogue } from '../../seed/catalogue/index.ts';", 'demo store'],
    ['server/mail/x.ts', "import { mergeVary } from '../http/vary.ts';", 'HTTP layer'],
    [
      'server/backoffice/x.ts',
      "import type { ProxyTrust } from '#server/http/proxy-trust.ts';",
      'HTTP layer',
    ],
    ['server/commerce/x.ts', "import { catalogue } from '../../seed/catalogue/index.ts';", 'demo store'],
    ['server/sessions/x.ts', "import type { ProxyTrust } from '../http/proxy-trust.ts';", 'HTTP layer'],
    ['app/lib/x.server.ts', "import demo from '../../seed/discount-codes.ts';", 'app never imports the demo'],
    [
      'server/mail/x.ts',
      "import { products } from '../commerce/schema-catalogue.ts';",
      "another module's tables",
    ],
    [
      'server/commerce/x.ts',
      "import type { subscribers } from '#server/newsletter/schema.ts';",
      "another module's tables",
    ],
    ['server/wishlist/x.ts', "import { customers } from '../schema.ts';", "another module's tables"],
  ])('refuses in %s: %s', (file, source, rule) => {
    const found = violationsOf(file, source);
    expect(found).toHaveLength(1);
    expect(found[0]!.rule).toContain(rule);
  });

  it.each([
    ['app/routes/x.tsx', "import type { Services } from '#server/services.ts';"],
    ['app/routes/x.tsx', "import { formatCurrency } from '#core/currency-format.ts';"],
    ['server/db/x.ts', "import { PGlite } from '@electric-sql/pglite';"],
    ['app/lib/x.test.ts', "import { notFound } from '#server/commerce/errors.ts';"],
    ['server/commerce/x.ts', "import { carts } from './schema-sales.ts';"],
    ['server/wishlist/schema.ts', "import { customers } from '../commerce/schema-customers.ts';"],
    ['server/seed/x.ts', "import { catalogue } from '../../seed/catalogue/index.ts';"],
  ])('allows in %s: %s', (file, source) => {
    expect(violationsOf(file, source)).toEqual([]);
  });

  it('allows only what an allow-list entry names, and drops an entry once its import is gone', () => {
    const [entry] = ALLOWED;
    expect(violationsOf(entry!.file, `import { x } from '#${entry!.target}';`)).toEqual([]);
    expect(violationsOf(entry!.file, "import { x } from '#server/newsletter/schema.ts';")).toHaveLength(1);
    const stale = ALLOWED.filter(
      ({ file, target }) =>
        existsSync(join(ROOT, file)) &&
        !importsOf(file, readFileSync(join(ROOT, file), 'utf8')).some(
          (fact) => targetOf(file, fact.specifier) === target,
        ),
    );
    expect(stale).toEqual([]);
  });
});
