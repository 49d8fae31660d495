import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server of `npm start`; MACRO_API_URL points dev/preview at another one.
const api = { '/api': { target: process.env.MACRO_API_URL ?? 'http://127.0.0.1:8080', changeOrigin: false } };

export default defineConfig({
  plugins: [react()],
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The contract package builds zod schemas at module level; without this hint every
        // chunk that reads a path constant would also carry zod and all schemas.
        moduleSideEffects: (id) => (/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id) ? false : undefined),
      },
    },
  },
});
