/**
 * Front-end build: the field explorer and the account area's stylesheet, from `web/` into
 * `dist/public/` (hashed names under `assets/`, served by the API server at `/static/assets/`).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: '/static/',
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: here('../dist/public'),
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      input: {
        explorer: here('explorer/index.html'),
        account: here('styles/account.css'),
      },
    },
  },
});
