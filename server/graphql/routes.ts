/**
 * `/graphql` over HTTP: GET (query, operationName, variables as URL parameters) by default, POST with a JSON
 * body allowed. Documents are size- and token-limited, validated with the standard rules plus depth, cost and
 * alias limits, then executed. Errors come back as GraphQL errors.
 */
import {
  type DocumentNode,
  execute,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import { Hono } from 'hono';
import { complexityRule, GRAPHQL_LIMITS } from './limits.ts';
import { createRoot, type GraphqlDependencies } from './resolvers.ts';
import { createSchema } from './schema.ts';

interface GraphqlParams {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

const errorBody = (errors: readonly GraphQLError[]) => ({ errors: errors.map((error) => error.toJSON()) });
const fail = (message: string) => errorBody([new GraphQLError(message)]);

export interface GraphqlRoutesOptions extends GraphqlDependencies {
  onError?: (error: unknown) => void;
}

export function createGraphqlRoutes(options: GraphqlRoutesOptions): Hono {
  const schema: GraphQLSchema = createSchema();
  const rootValue = createRoot(options);
  const rules = [...specifiedRules, complexityRule()];
  const routes = new Hono();

  async function run(params: GraphqlParams, method: 'GET' | 'POST') {
    if (typeof params.query !== 'string' || params.query.trim() === '')
      return { status: 400, body: fail('Must provide a query string.') };
    if (Buffer.byteLength(params.query) > GRAPHQL_LIMITS.maxDocumentBytes)
      return {
        status: 413,
        body: fail(`The query is larger than ${GRAPHQL_LIMITS.maxDocumentBytes} bytes.`),
      };
    let document: DocumentNode;
    try {
      document = parse(params.query, { maxTokens: GRAPHQL_LIMITS.maxTokens, noLocation: false });
    } catch (error) {
      return {
        status: 400,
        body: errorBody([error instanceof GraphQLError ? error : new GraphQLError('Syntax error.')]),
      };
    }
    const validationErrors = validate(schema, document, rules, { maxErrors: 10 });
    if (validationErrors.length > 0) return { status: 400, body: errorBody(validationErrors) };
    const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    const operation = params.operationName
      ? operations.find((d) => d.kind === Kind.OPERATION_DEFINITION && d.name?.value === params.operationName)
      : operations.length === 1
        ? operations[0]
        : undefined;
    if (!operation) return { status: 400, body: fail('Name the operation to run with operationName.') };
    if (method === 'GET' && operation.kind === Kind.OPERATION_DEFINITION && operation.operation !== 'query')
      return { status: 405, body: fail('Only queries can be sent with GET.') };
    try {
      const result = await execute({
        schema,
        document,
        rootValue,
        operationName: params.operationName ?? null,
        variableValues: params.variables ?? null,
      });
      for (const error of result.errors ?? []) {
        if (!error.extensions?.code && error.originalError && !(error.originalError instanceof GraphQLError))
          options.onError?.(error.originalError);
      }
      return {
        status: 200,
        body: {
          data: result.data ?? null,
          ...(result.errors ? { errors: result.errors.map((e) => e.toJSON()) } : {}),
        },
      };
    } catch (error) {
      options.onError?.(error);
      return { status: 500, body: fail('The query could not be executed.') };
    }
  }

  routes.get('/', async (c) => {
    const query = c.req.query('query') ?? '';
    let variables: Record<string, unknown> | null = null;
    const rawVariables = c.req.query('variables');
    if (rawVariables) {
      try {
        variables = JSON.parse(rawVariables);
      } catch {
        return c.json(fail('variables must be JSON.'), 400);
      }
    }
    const { status, body } = await run(
      { query, operationName: c.req.query('operationName') ?? null, variables },
      'GET',
    );
    c.header('Cache-Control', 'no-store');
    return c.json(body, status as 200);
  });

  routes.post('/', async (c) => {
    let params: GraphqlParams;
    try {
      const text = await c.req.text();
      if (text.length > GRAPHQL_LIMITS.maxDocumentBytes * 4)
        return c.json(fail('The request body is too large.'), 413);
      params = JSON.parse(text);
    } catch {
      return c.json(fail('The body must be JSON with a query.'), 400);
    }
    if (!params || typeof params !== 'object')
      return c.json(fail('The body must be JSON with a query.'), 400);
    const { status, body } = await run(params, 'POST');
    c.header('Cache-Control', 'no-store');
    return c.json(body, status as 200);
  });

  return routes;
}
