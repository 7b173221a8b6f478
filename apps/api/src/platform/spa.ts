import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ApiError } from '@stockpot/domain';

/** The build's copy of index.html with /login's first paint in it (apps/web/build/login-splash.ts). */
const LOGIN_SPLASH_FILE = 'login.html';
const SPLASH_PATHS = new Set(['/login', '/login/']);

/**
 * Serves the built web app with history fallback: any GET that is not an API call and not a file
 * gets index.html, so deep links like /place-order/list load the app. Unknown API paths stay JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const hasSpa = existsSync(path.join(distDir, 'index.html'));
  const hasLoginSplash = existsSync(path.join(distDir, LOGIN_SPLASH_FILE));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to each text file (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed bundles never change; index.html must always be revalidated to pick up a new build.
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET' || !hasSpa) {
      return reply.code(404).send({ message: `No route for ${request.method} ${url}.`, code: 'not_found' } satisfies ApiError);
    }
    const file = path.join(distDir, url);
    if (url !== '/' && file.startsWith(distDir) && existsSync(file) && !url.endsWith('/')) {
      return reply.sendFile(url.slice(1));
    }
    // /login's first paint comes from its HTML (apps/web/build/login-splash.ts).
    const page = hasLoginSplash && SPLASH_PATHS.has(url) ? LOGIN_SPLASH_FILE : 'index.html';
    return reply.header('Cache-Control', 'no-cache').sendFile(page);
  });
}
