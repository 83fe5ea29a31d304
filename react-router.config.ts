import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // React Router 8 turns middleware on by default and keeps split route modules as a top-level field.
  splitRouteModules: true,
} satisfies Config;
