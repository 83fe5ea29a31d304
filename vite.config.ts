import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { clientChunkModules } from './scripts/client-chunk-modules.ts';

export default defineConfig({
  plugins: [reactRouter(), clientChunkModules()],
  build: { assetsInlineLimit: 0 },
});
