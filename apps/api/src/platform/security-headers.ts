/**
 * The security headers of every answer (helmet's, with our Content-Security-Policy), worked out
 * once at start-up. @fastify/helmet ran helmet's whole set-up on each request (parsing and
 * validating every CSP directive again): about a tenth of a list page's busy CPU in the bench's
 * profile (issue 38). The values come from helmet itself, so they are exactly what it would send.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const SECURITY_HEADER_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine writes its CSS variables into a <style> element at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  // Sent only over HTTPS, by app.ts's own hook.
  strictTransportSecurity: false,
};

/** The headers helmet sets with these options, as name → value. */
function computeSecurityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: number | string | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Sets the security headers on every answer, before any route or hook can answer. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = computeSecurityHeaders(SECURITY_HEADER_OPTIONS);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
