import type { ArrivalStep } from './arrival.ts';

/**
 * What a browser may do with an answer that brings no policy of its own: nothing. JSON, CSV and files need no
 * scripts, styles or frames. HTML pages set their own policy (the kiosk screens, `/p/{code}`, `/docs`), and every
 * one of those keeps `frame-ancestors 'none'`.
 */
export const DEFAULT_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * On every answer: no content-type sniffing (a JSON body or an attendee's answer is never run as a script or
 * page), and no framing by another page (clickjacking of the dashboard; X-Frame-Options for browsers that predate
 * frame-ancestors).
 */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': DEFAULT_CONTENT_SECURITY_POLICY,
} as const;

/** The headers as raw HTTP lines, for the answers written to the socket before Fastify sees a request. */
export const SECURITY_HEADER_LINES = Object.entries(SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

/**
 * Sets `SECURITY_HEADERS` on every reply as the request arrives (platform/arrival.ts), before any route, so errors,
 * 404s, files and proxied answers all carry them; a route that sets its own Content-Security-Policy replaces the
 * default one.
 */
export const setSecurityHeaders: ArrivalStep = (_request, reply) => {
  reply.headers(SECURITY_HEADERS);
  return undefined;
};
