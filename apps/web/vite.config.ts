import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { loginSplash } from './build/login-splash.ts';
import { routeChunkGroups } from './build/route-chunks.ts';
import { routePreloads } from './build/route-preloads.ts';

/**
 * Writes a .br and a .gz next to every text file of the build, which the server sends to browsers
 * that accept them (@fastify/static `preCompressed`): the bench's Lighthouse runs found the app's
 * JavaScript sent uncompressed (467 KiB to save, seconds on a mobile connection).
 */
function precompress(): Plugin {
  return {
    name: 'stockpot-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(file.fileName)) continue;
        const content = file.type === 'chunk' ? file.code : file.source;
        const buffer = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
        if (buffer.length < 1024) continue;
        const target = path.join(outDir, file.fileName);
        writeFileSync(`${target}.gz`, gzipSync(buffer, { level: 9 }));
        writeFileSync(
          `${target}.br`,
          brotliCompressSync(buffer, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
          }),
        );
      }
    },
  };
}

/**
 * The app shell offline (issue 16, doc 2 §4): a Workbox service worker precaches the build, so a
 * counter who reloads in the walk-in keeps the page. API calls are never cached by it (the offline
 * copy of a list lives in IndexedDB through Dexie); navigations fall back to index.html except
 * under /api. Built only (no service worker in the dev server or in vitest); 'autoUpdate' takes a
 * new build at the next load without asking.
 */
const pwa = VitePWA({
  strategies: 'generateSW',
  registerType: 'autoUpdate',
  injectRegister: false,
  // The web app manifest (issue 40): with it, a 192 and a 512 px PNG and the service worker, a phone
  // offers to install Stockpot and opens it standalone. The PNGs come from the SVG favicon through
  // scripts/render-icons.mjs (no image library in the repository).
  manifest: {
    id: '/',
    name: 'Stockpot',
    short_name: 'Stockpot',
    description: 'Order from all your distributors, count inventory and track food costs in one place.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#1f6f5c',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  includeManifestIcons: true,
  devOptions: { enabled: false },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,webmanifest}'],
    globIgnores: ['**/*.br', '**/*.gz'],
    // The largest chunk (the charts) is above Workbox's 2 MiB default.
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/payment-gateway(\/|$)/],
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
  },
});

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    // The signed-out first pages: a new restaurant's first visit (issue 38, Lighthouse mobile).
    routePreloads({
      '/login': 'src/features/auth/pages/login-page.tsx',
      '/sign-up/1': 'src/features/signup/pages/sign-up-page.tsx',
      // The modules main.tsx imports at once on the list. Adding their 70-odd preload links took
      // 60-90 ms of the entry chunk's own task on a phone (Vite's preload helper skips links already
      // there); this script adds them while the entry still downloads, and starts their downloads sooner.
      '/place-order/list': [
        'src/shell/app-layout.tsx',
        'src/app/place-order-route.tsx',
        'src/features/catalog/pages/place-order-list-page.tsx',
      ],
    }),
    loginSplash(),
    process.env.VITEST ? [] : pwa,
  ],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/payment-gateway': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // @stockpot/domain is pure rules and schemas (no side effects by design), but its package.json
        // does not say so; without this every schema, and zod with them, lands in the first chunk.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        // One chunk per route for the signed-out login and the place-order list instead of dozens of
        // sub-kilobyte ones (build/route-chunks.ts, issue 38 stop 68). `boot` takes every module the
        // entry loads first, so no route chunk's recursion takes one from the first route (Rolldown
        // then folds it into the entry chunk: one file).
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 10 },
            ...routeChunkGroups(
              import.meta.dirname,
              [
                // Before the shell, so /login never loads a signed-in chunk.
                { name: 'login', pages: ['src/features/auth/pages/login-page.tsx'] },
                { name: 'shell', pages: ['src/shell/app-layout.tsx'] },
                {
                  name: 'place-order-list',
                  pages: ['src/app/place-order-route.tsx', 'src/features/catalog/pages/place-order-list-page.tsx'],
                },
              ],
              10,
            ),
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
    // Ceilings, not speed checks: a CI machine with two loaded cores renders Mantine slowly.
    testTimeout: 30_000,
  },
});
