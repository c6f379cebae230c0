import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Brotli and gzip copies of each built text file beside it (index.js.br, index.js.gz): the service
 * sends them as they are to browsers that accept them (@fastify/static's preCompressed), compressed
 * once at the highest levels rather than on each request.
 */
function precompress(outDir: string): Plugin {
  const compressible = /\.(html|js|css|svg|json|txt)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'precompress',
    apply: 'build',
    closeBundle() {
      for (const file of walk(outDir).filter((f) => compressible.test(f))) {
        const body = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

// Built by `npm run build:web` into web/dist, which the service serves at / (and the portal at /portal).
// `npx vite web` runs it on a dev server that passes API calls to a service on port 8080.
export default defineConfig({
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // Two pages: the explorer (/) and the developer portal (/portal), sharing chunks.
    rollupOptions: {
      input: {
        index: join(import.meta.dirname, 'index.html'),
        portal: join(import.meta.dirname, 'portal.html'),
      },
    },
  },
  plugins: [precompress(join(import.meta.dirname, 'dist'))],
  server: {
    proxy: Object.fromEntries(
      ['/api', '/portal/api', '/changes.json', '/changes.atom'].map((path) => [
        path,
        'http://127.0.0.1:8080',
      ]),
    ),
  },
});
