import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string's parameters (e.g. GET items' filterOptions, limit and page). */
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces window.fetch (the browser boundary) with a handler keyed by "METHOD /path"; unknown calls
 * answer 404. Returns the list of requests made, in order.
 */
export function mockFetch(routes: Record<string, Handler | Response | (() => Response)>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const request: RecordedRequest = {
        method: init.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      requests.push(request);
      const route = routes[`${request.method} ${request.path}`];
      if (!route) return jsonResponse(404, { message: 'Not found.', code: 'not_found' });
      if (route instanceof Response) return route.clone();
      return (route as Handler)(request);
    }),
  );
  return requests;
}
