import { index, type RouteConfig } from '@react-router/dev/routes';

export default [index('routes/index.tsx')] satisfies RouteConfig;
