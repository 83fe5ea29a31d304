/**
 * Limits that keep one GraphQL request from exhausting the server: document size and token count before
 * parsing, then validation rules for selection depth, total cost (fields after fragment expansion, list fields
 * weighted) and aliases.
 */
import {
  type ASTVisitor,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';

export const GRAPHQL_LIMITS = {
  /** Bytes of query text accepted. */
  maxDocumentBytes: 8_000,
  /** Tokens the parser reads before giving up. */
  maxTokens: 1_500,
  maxDepth: 8,
  maxCost: 400,
  maxAliases: 15,
  /** A list-returning field multiplies the cost of what is selected under it. */
  listFactor: 8,
} as const;

type Limits = { maxDepth: number; maxCost: number; maxAliases: number; listFactor: number };

function fragmentsOf(context: ValidationContext): Map<string, FragmentDefinitionNode> {
  const map = new Map<string, FragmentDefinitionNode>();
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) map.set(definition.name.value, definition);
  }
  return map;
}

/** Depth, cost and aliases of every operation, fragments expanded (cycles are cut; NoFragmentCycles reports them). */
export function complexityRule(limits: Limits = GRAPHQL_LIMITS): (context: ValidationContext) => ASTVisitor {
  return (context) => ({
    OperationDefinition(operation) {
      const fragments = fragmentsOf(context);
      let aliases = 0;
      let maxDepth = 0;
      let aborted = false;
      let overCost = false;
      const memo = new Map<string, number>();
      /** Cost of a selection set: each field 1, plus what it selects, times listFactor under a list field. */
      const measure = (set: SelectionSetNode, depth: number, visiting: Set<string>): number => {
        let cost = 0;
        for (const selection of set.selections) {
          if (aborted) return cost;
          if (selection.kind === Kind.FIELD) {
            const field = selection as FieldNode;
            if (field.alias) aliases++;
            const fieldDepth = depth + 1;
            maxDepth = Math.max(maxDepth, fieldDepth);
            if (maxDepth > limits.maxDepth) {
              aborted = true;
              return cost;
            }
            const inner = field.selectionSet ? measure(field.selectionSet, fieldDepth, visiting) : 0;
            cost += 1 + inner * (LIST_FIELDS.has(field.name.value) ? limits.listFactor : 1);
          } else if (selection.kind === Kind.INLINE_FRAGMENT) {
            cost += measure(selection.selectionSet, depth, visiting);
          } else {
            const name = selection.name.value;
            const fragment = fragments.get(name);
            if (!fragment || visiting.has(name)) continue;
            // Memoised per depth, so that fragments spreading fragments cannot make this walk exponential.
            const key = `${name}@${depth}`;
            let fragmentCost = memo.get(key);
            if (fragmentCost === undefined) {
              visiting.add(name);
              fragmentCost = measure(fragment.selectionSet, depth, visiting);
              visiting.delete(name);
              memo.set(key, fragmentCost);
            }
            cost += fragmentCost;
          }
          if (cost > limits.maxCost * 1000) {
            aborted = true;
            overCost = true;
          }
        }
        return cost;
      };
      const cost = measure(operation.selectionSet, 0, new Set());
      if (!overCost && (aborted || maxDepth > limits.maxDepth)) {
        context.reportError(
          new GraphQLError(`Query is too deep: the limit is ${limits.maxDepth} levels.`, {
            nodes: [operation],
          }),
        );
        return;
      }
      if (overCost || cost > limits.maxCost) {
        context.reportError(
          new GraphQLError(
            `Query is too costly: ${Math.round(cost)} exceeds the limit of ${limits.maxCost}.`,
            { nodes: [operation] },
          ),
        );
      }
      if (aliases > limits.maxAliases) {
        context.reportError(
          new GraphQLError(`Query uses too many aliases: the limit is ${limits.maxAliases}.`, {
            nodes: [operation],
          }),
        );
      }
    },
  });
}

/** Fields of the schema that return lists (kept here so the cost rule needs no type information). */
const LIST_FIELDS = new Set([
  'colorGroups',
  'relatedProducts',
  'products',
  'variants',
  'product_options',
  'values',
  'child_colors',
  'ids',
  'uids',
  'option_values',
]);
