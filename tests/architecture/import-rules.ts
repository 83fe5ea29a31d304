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
 * Domain modules that already keep issue 44's arrows: no demo store (seed/) and no HTTP layer (server/http/) in
 * them. Commerce and content do not yet (commerce's seed-*.ts and sessions.ts, content's demo-content.ts, cli.ts
 * and preview-page.ts); they join this list when issue 44 part 1 moves those out.
 */
const DOMAINS_APART = [
  'search',
  'media',
  'mail',
  'newsletter',
  'bookings',
  'backoffice',
  'payment',
  'events',
].map((name) => `server/${name}/`);
const inDomainApart = (file: string) =>
  DOMAINS_APART.some((folder) => file.startsWith(folder)) && isSource(file);

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
    applies: inDomainApart,
    forbids: (target) => target.startsWith('seed/'),
  },
  {
    name: 'domain code never imports the HTTP layer (server/http/)',
    applies: inDomainApart,
    forbids: (target) => target.startsWith('server/http/'),
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
      .filter((rule) => rule.forbids(target, fact, file))
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
