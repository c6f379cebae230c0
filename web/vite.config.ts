import { defineConfig } from 'vite';

// Built by `npm run build:web` (vite build web) into web/dist, which the service serves at /.
// `npx vite web` runs it on a dev server that passes API calls to a service on port 8080.
export default defineConfig({
  base: '/',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', assetsInlineLimit: 0 },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
