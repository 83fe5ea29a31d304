import type { Config } from '@react-router/dev/config';

// The floor page's own build (bench/floor/build/, ignored by git): React Router framework mode, server rendering.
export default {
  appDirectory: 'app',
  ssr: true,
} satisfies Config;
