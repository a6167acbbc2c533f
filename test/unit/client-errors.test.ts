import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { earlyErrorOptions } from '../../server/platform/errors.ts';

/** What the handler does to a connection: the bytes it writes and the error it closes it with. */
function connection(state: { destroyed?: boolean; writable?: boolean } = {}) {
  const written: string[] = [];
  const closedWith: unknown[] = [];
  const socket = {
    destroyed: state.destroyed ?? false,
    writable: state.writable ?? true,
    write: (bytes: string) => written.push(bytes),
    destroy: (error: unknown) => closedWith.push(error),
  } as unknown as Socket;
  return { socket, written, closedWith };
}

const parserError = (code: string) => Object.assign(new Error(code), { code });

describe("Node's HTTP parser errors (clientErrorHandler)", () => {
  it.each([
    ['ERR_HTTP_REQUEST_TIMEOUT', '408 Request Timeout', 'The request took too long to arrive.'],
    ['HPE_HEADER_OVERFLOW', '431 Request Header Fields Too Large', 'The request headers are too large.'],
    ['HPE_INVALID_METHOD', '400 Bad Request', 'The request is not valid HTTP.'],
  ])('%s is answered %s in the { message } shape, then the connection is closed', (code, status, message) => {
    const { socket, written, closedWith } = connection();
    const error = parserError(code);
    earlyErrorOptions.clientErrorHandler(error, socket);

    expect(written).toHaveLength(1);
    const [head, body] = written[0]!.split('\r\n\r\n');
    expect(head!.split('\r\n')).toEqual([
      `HTTP/1.1 ${status}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body!)}`,
      'x-content-type-options: nosniff',
      'x-frame-options: DENY',
      "content-security-policy: default-src 'none'; frame-ancestors 'none'",
      'Connection: close',
    ]);
    expect(JSON.parse(body!)).toEqual({ message });
    expect(closedWith).toEqual([error]);
  });

  it('writes nothing to a connection that was reset, is closed or can no longer be written', () => {
    for (const [code, state] of [
      ['ECONNRESET', {}],
      ['HPE_INVALID_METHOD', { destroyed: true }],
      ['HPE_INVALID_METHOD', { writable: false }],
    ] as const) {
      const { socket, written } = connection(state);
      earlyErrorOptions.clientErrorHandler(parserError(code), socket);
      expect(written).toEqual([]);
    }
  });
});
