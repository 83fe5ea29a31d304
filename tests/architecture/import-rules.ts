import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One import of a source file: what it names and whether it carries values (not only types). */
export interface ImportFact {
  specifier: string;
  typeOnly: boolean;
}

/** Every static import, re-export and dynamic import() of a TypeScript source. */
export function importsOf(fileName: string, source: string): ImportFact[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const facts: ImportFact[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const allNamedTypes =
        named !== undefined &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((element) => element.isTypeOnly) &&
        !clause?.name;
      facts.push({
        specifier: node.moduleSpecifier.text,
        typeOnly: Boolean(clause?.isTypeOnly) || allNamedTypes,
      });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      facts.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      facts.push({ specifier: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return facts;
}

export const ROOT = resolve(import.meta.dirname, '../..');

/** The folder of the repository an import lands in ('server/commerce/x.ts'), or the package name. */
export function targetOf(fromFile: string, specifier: string): string {
  if (specifier.startsWith('#core/')) return `core/${specifier.slice(6)}`;
  if (specifier.startsWith('#server/')) return `server/${specifier.slice(8)}`;
  if (specifier.startsWith('#app/')) return `app/${specifier.slice(5)}`;
  if (specifier.startsWith('.')) return relative(ROOT, resolve(ROOT, fromFile, '..', specifier));
  return specifier;
}

export interface Rule {
  name: string;
  /** Files the rule applies to (paths from the repository root). */
  applies(file: string): boolean;
  /** Whether this import breaks the rule. */
  forbids(target: string, fact: ImportFact, file: string): boolean;
}

const NODE_OR_IO =
  /^(node:|fs$|path$|crypto$|react$|react-dom|react-router|pg$|@electric-sql|drizzle-orm|hono|@hono|sharp$|pino$|nodemailer$|graphql$)/;
const isSource = (file: string) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file);

/**
 * The store's modules: each folder of server/ but the layers that compose or carry them. server/http and
 * server/graphql are transports, server/seed builds the demo store, server/db knows no domain (its own rule);
 * server/*.ts (services.ts, main.ts, config.ts) put the modules together.
 */
const NOT_MODULES = new Set(['http', 'graphql', 'seed', 'db']);
/** The module a path belongs to ('commerce' for server/commerce/x.ts), or null. */
export function moduleOf(path: string): string | null {
  const match = /^server\/([^/]+)\//.exec(path);
  return match && !NOT_MODULES.has(match[1]!) ? match[1]! : null;
}
const inModule = (file: string) => moduleOf(file) !== null && isSource(file);

/** A module's tables: its schema files (server/<module>/schema*.ts). */
const tablesOf = (target: string) => /^server\/([^/]+)\/schema[^/]*\.ts$/.exec(target)?.[1] ?? null;

/**
 * Imports the rules still allow, each by file and target, until issue 44's remaining moves are made (listed in
 * /tmp/notes/s49/sessions-note.md): a new arrow of the same kind fails. `rule` is the start of its name.
 */
const TABLES = "a module never reads another module's tables";
export const ALLOWED: readonly { rule: string; file: string; target: string }[] = [
  // the audit log joins staff names
  { rule: TABLES, file: 'server/audit/audit.ts', target: 'server/backoffice/schema.ts' },
  // names the audited product
  { rule: TABLES, file: 'server/audit/audit.ts', target: 'server/commerce/schema-catalogue.ts' },
  // names the audited customer
  { rule: TABLES, file: 'server/audit/audit.ts', target: 'server/commerce/schema-customers.ts' },
  // names the audited order
  { rule: TABLES, file: 'server/audit/audit.ts', target: 'server/commerce/schema-sales.ts' },
  // names the audited entry
  { rule: TABLES, file: 'server/audit/audit.ts', target: 'server/content/schema.ts' },
  // a customer's export and erasure (GDPR) reach bookings
  { rule: TABLES, file: 'server/commerce/customer-admin.ts', target: 'server/bookings/schema.ts' },
  // a customer's export and erasure reach the newsletter
  { rule: TABLES, file: 'server/commerce/customer-admin.ts', target: 'server/newsletter/schema.ts' },
  // staff names on an order's history
  { rule: TABLES, file: 'server/commerce/order-admin.ts', target: 'server/backoffice/schema.ts' },
  // staff names on a product's history
  { rule: TABLES, file: 'server/commerce/product-create.ts', target: 'server/backoffice/schema.ts' },
  // staff names on stock movements
  { rule: TABLES, file: 'server/commerce/stock-admin.ts', target: 'server/backoffice/schema.ts' },
  // back-in-stock mail reads the variant
  { rule: TABLES, file: 'server/mail/back-in-stock.ts', target: 'server/commerce/schema-catalogue.ts' },
  // back-in-stock mail reads the requests
  { rule: TABLES, file: 'server/mail/back-in-stock.ts', target: 'server/commerce/schema-sales.ts' },
  // back-in-stock mail reads the consent
  { rule: TABLES, file: 'server/mail/back-in-stock.ts', target: 'server/newsletter/schema.ts' },
  // product names for mail
  { rule: TABLES, file: 'server/mail/product-names.ts', target: 'server/commerce/schema-catalogue.ts' },
  // review invitations read reviews
  { rule: TABLES, file: 'server/mail/review-invitations.ts', target: 'server/commerce/schema-reviews.ts' },
  // review invitations read delivered orders
  { rule: TABLES, file: 'server/mail/review-invitations.ts', target: 'server/commerce/schema-sales.ts' },
  // the sessions table and its customer join are still commerce's
  { rule: TABLES, file: 'server/sessions/sessions.ts', target: 'server/commerce/schema-customers.ts' },
  // wishlist alerts watch the data versions
  { rule: TABLES, file: 'server/wishlist/alerts.ts', target: 'server/cache/schema.ts' },
  // wishlist alerts read prices and stock
  { rule: TABLES, file: 'server/wishlist/alerts.ts', target: 'server/commerce/schema-catalogue.ts' },
  // wishlist alerts read the customer
  { rule: TABLES, file: 'server/wishlist/alerts.ts', target: 'server/commerce/schema-customers.ts' },
  // a wishlist reads its products
  { rule: TABLES, file: 'server/wishlist/index.ts', target: 'server/commerce/schema-catalogue.ts' },
  // a wishlist reads its owner
  { rule: TABLES, file: 'server/wishlist/index.ts', target: 'server/commerce/schema-customers.ts' },
  // the store finder's postal centroids are demo data the app serves
  {
    rule: 'app never imports the demo store',
    file: 'app/lib/stores/stores.server.ts',
    target: 'seed/search/postal-centroids.json',
  },
  // `npm run content:import` builds the demo entries when the folder is seed/content (a command)
  {
    rule: 'engines never import the demo store',
    file: 'server/content/cli.ts',
    target: 'seed/content/catalogue-content.ts',
  },
];
const allowed = (rule: string, file: string, target: string) =>
  ALLOWED.some((entry) => rule.startsWith(entry.rule) && entry.file === file && entry.target === target);

export const RULES: Rule[] = [
  {
    name: 'core is pure: no I/O, React, server or app',
    applies: (file) => file.startsWith('core/') && isSource(file),
    forbids: (target) => NODE_OR_IO.test(target) || target.startsWith('server/') || target.startsWith('app/'),
  },
  {
    name: 'app reaches server through the load context: type imports only',
    applies: (file) => file.startsWith('app/') && isSource(file),
    forbids: (target, fact) => target.startsWith('server/') && !fact.typeOnly,
  },
  {
    name: 'server/db knows no domain',
    applies: (file) => file.startsWith('server/db/') && isSource(file),
    forbids: (target) =>
      target.startsWith('server/') && !target.startsWith('server/db/') && target !== 'server/config.ts',
  },
  {
    name: 'content and media never import commerce',
    applies: (file) =>
      (file.startsWith('server/content/') || file.startsWith('server/media/')) && isSource(file),
    forbids: (target) => target.startsWith('server/commerce/'),
  },
  {
    name: 'engines never import the demo store (seed/)',
    applies: inModule,
    forbids: (target) => target.startsWith('seed/'),
  },
  {
    name: 'domain code never imports the HTTP layer (server/http/)',
    applies: inModule,
    forbids: (target) => target.startsWith('server/http/'),
  },
  {
    name: 'app never imports the demo store (seed/)',
    applies: (file) => file.startsWith('app/') && isSource(file),
    forbids: (target) => target.startsWith('seed/'),
  },
  {
    name: `${TABLES} (its port or its events instead)`,
    applies: inModule,
    // A schema file may name another module's table in a foreign key: the database's arrow, not a read.
    forbids: (target, _fact, file) =>
      target === 'server/schema.ts' ||
      (tablesOf(target) !== null && tablesOf(target) !== moduleOf(file) && tablesOf(file) === null),
  },
  {
    name: 'commerce announces events instead of calling mail',
    // A command (`*-cli.ts`) is an entry point that composes parts, like server/services.ts.
    applies: (file) => file.startsWith('server/commerce/') && !file.endsWith('-cli.ts') && isSource(file),
    forbids: (target) => target.startsWith('server/mail/'),
  },
];

export interface Violation {
  rule: string;
  file: string;
  specifier: string;
}

export function violationsOf(file: string, source: string, rules: Rule[] = RULES): Violation[] {
  const applicable = rules.filter((rule) => rule.applies(file));
  if (applicable.length === 0) return [];
  return importsOf(file, source).flatMap((fact) => {
    const target = targetOf(file, fact.specifier);
    return applicable
      .filter((rule) => rule.forbids(target, fact, file) && !allowed(rule.name, file, target))
      .map((rule) => ({ rule: rule.name, file, specifier: fact.specifier }));
  });
}

export function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

export function treeViolations(): Violation[] {
  return ['core', 'app', 'server'].flatMap((folder) =>
    sourceFiles(folder).flatMap((file) => violationsOf(file, readFileSync(join(ROOT, file), 'utf8'))),
  );
}
