import { getBearerKey, parseApiErrorCode, type PageMeta } from '@stockpot/domain';
import { ApiError, type ApiFieldError } from './api-error';
import { markRequestFinished, markRequestStarted } from './request-counter';
import { takeFirstPagePrefetch } from './first-page-prefetch';
import { getActiveLocationId, getAuthKey } from './session-store';

export const API_BASE = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** For calls made while leaving (logout): a 401 there must not reopen the sign-in modal. */
  skipUnauthorizedHandler?: boolean;
  /** Lets the request outlive the page (a cart save sent while the tab closes). */
  keepalive?: boolean;
  /**
   * Leaves the request out of the full-screen spinner's count, for calls the page shows progress of
   * itself (list pages, search suggestions, cart saves): an overlay there would block typing.
   */
  isBackground?: boolean;
  /** Extra request headers (e.g. the Idempotency-Key of POST orders). */
  headers?: Record<string, string>;
}

/** One page of a paged list: its rows and the `_meta` block (doc 1 §7 "Answer: data and _meta"). */
export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** The shell registers what a 401 does (doc 3 §8); the client itself knows nothing about modals. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${API_BASE}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  Object.entries(query ?? {}).forEach(([key, value]) => {
    if (value !== null && value !== undefined) params.append(key, String(value));
  });
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function buildHeaders(hasBody: boolean, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ ...extra, Accept: 'application/json', 'Cache-Control': 'no-cache' });
  if (hasBody) headers.set('Content-Type', 'application/json');
  const authKey = getAuthKey();
  headers.set('Authorization', `Bearer ${getBearerKey(authKey)}`);
  // The location this tab shows: another tab's switch must not move this tab's writes (issue 14).
  const locationId = getActiveLocationId();
  if (authKey && locationId !== null) headers.set('X-Location-Id', String(locationId));
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function toApiError(status: number, body: unknown, fallback: string): ApiError {
  const error = (typeof body === 'object' && body !== null ? body : {}) as {
    message?: unknown;
    code?: unknown;
    errors?: unknown;
  };
  const message = typeof error.message === 'string' ? error.message : fallback;
  const code = parseApiErrorCode(error.code);
  const errors = Array.isArray(error.errors) ? (error.errors as ApiFieldError[]) : [];
  return new ApiError(status, message, code, errors);
}

/** Calls the API and returns its whole JSON answer; throws ApiError on any failure. */
export async function requestJson(path: string, options: RequestOptions = {}): Promise<unknown> {
  const {
    method = 'GET',
    body,
    query,
    signal,
    skipUnauthorizedHandler = false,
    keepalive,
    isBackground = false,
    headers,
  } = options;
  const hasBody = body !== undefined;
  if (!isBackground) markRequestStarted();
  try {
    let response: Response;
    try {
      const url = buildUrl(path, query);
      const send = () =>
        fetch(url, {
          method,
          headers: buildHeaders(hasBody, headers),
          body: hasBody ? JSON.stringify(body) : undefined,
          signal,
          keepalive,
        });
      // The list's first page may already be on its way (public/first-page.js); if that request
      // failed, ask again like any other.
      const prefetched = method === 'GET' && !headers ? takeFirstPagePrefetch(url, getAuthKey()) : null;
      response = prefetched ? await prefetched.catch(send) : await send();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, 'The server could not be reached.', 'network_error');
    }
    const payload = await readBody(response);
    if (!response.ok) {
      if (response.status === 401 && !skipUnauthorizedHandler) unauthorizedHandler?.();
      throw toApiError(response.status, payload, response.statusText || 'Request failed.');
    }
    return payload;
  } finally {
    if (!isBackground) markRequestFinished();
  }
}

/** Calls the API and returns the `data` of its `{ data }` answer; throws ApiError on any failure. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const payload = await requestJson(path, options);
  return (payload as { data?: T } | null)?.data as T;
}

/** GETs one page of a paged list (`{ data, _meta }`); a missing `_meta` reads as a single page. */
export async function getPage<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<Page<T>> {
  const payload = (await requestJson(path, { ...options, method: 'GET' })) as { data?: T[]; _meta?: PageMeta } | null;
  const data = Array.isArray(payload?.data) ? payload.data : [];
  const meta = payload?._meta ?? { pageCount: 1, currentPage: 1, totalCount: data.length };
  return { data, meta };
}

/** POSTs a multipart form (file uploads) and returns the answer's `data`; throws ApiError on any failure. */
export async function postForm<T>(
  path: string,
  form: FormData,
  options: Pick<RequestOptions, 'signal' | 'isBackground'> = {},
): Promise<T> {
  const headers = new Headers({ Accept: 'application/json', 'Cache-Control': 'no-cache' });
  const authKey = getAuthKey();
  headers.set('Authorization', `Bearer ${getBearerKey(authKey)}`);
  if (!options.isBackground) markRequestStarted();
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, undefined), { method: 'POST', headers, body: form, signal: options.signal });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, 'The server could not be reached.', 'network_error');
    }
    const payload = await readBody(response);
    if (!response.ok) {
      if (response.status === 401) unauthorizedHandler?.();
      throw toApiError(response.status, payload, response.statusText || 'Request failed.');
    }
    return (payload as { data?: T } | null)?.data as T;
  } finally {
    if (!options.isBackground) markRequestFinished();
  }
}

/** GETs a file with the bearer header and returns it as a Blob (downloads of signed-in data). */
export async function getBlob(url: string): Promise<Blob> {
  const headers = new Headers({ 'Cache-Control': 'no-cache' });
  const authKey = getAuthKey();
  headers.set('Authorization', `Bearer ${getBearerKey(authKey)}`);
  const response = await fetch(url, { headers });
  if (!response.ok) throw toApiError(response.status, await readBody(response), response.statusText || 'Request failed.');
  return response.blob();
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  getPage,
};
