/**
 * The API authenticates with bearer tokens; its one cookie names a browser to the sign-in throttle
 * (issue 33, defect 6). Two small helpers instead of a cookie plugin for that single value.
 */

/** The value of cookie `name` in a Cookie header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  path: string;
  /** Only over HTTPS; off when the app itself is served over plain HTTP (development). */
  isSecure: boolean;
}

/** A Set-Cookie value for a cookie scripts cannot read and other sites cannot send. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${value}`, `Max-Age=${options.maxAgeSeconds}`, `Path=${options.path}`, 'HttpOnly', 'SameSite=Strict'];
  if (options.isSecure) parts.push('Secure');
  return parts.join('; ');
}
