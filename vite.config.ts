import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { clientChunkModules } from './scripts/client-chunk-modules.ts';
import { shellChunk } from './scripts/shell-chunk.ts';

export default defineConfig({
  plugins: [reactRouter(), clientChunkModules(), shellChunk()],
  build: { assetsInlineLimit: 0 },
});
