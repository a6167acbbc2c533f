import { describe, expect, it } from 'vitest';
import { answer, ApiError, createApiClient } from '../../../renderer/src/shared/api/client.ts';

const EVENT = '0b7c6f3e-1d2a-4c55-9a8e-2f0c1b7d9e10';

/** A client whose server is `reply`, recording what it was sent. */
function clientOf(reply: (request: Request) => Promise<Response> | Response) {
  const sent: Request[] = [];
  const client = createApiClient({
    baseUrl: 'http://kiosk.test',
    fetch: async (request: Request) => {
      sent.push(request.clone());
      return reply(request);
    },
  });
  return { client, sent };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const checkIn = (client: ReturnType<typeof createApiClient>, email = 'ada@example.com') =>
  answer(
    client.POST('/public/events/{uuid}/check-in', { params: { path: { uuid: EVENT } }, body: { email } }),
  );

describe('the API client', () => {
  it('sends JSON to the typed path and answers the JSON it gets back', async () => {
    const data = { id: 7, email: 'ada@example.com', name: 'Ada', checked_in_at: '2026-11-21T10:42:05+00:00' };
    const { client, sent } = clientOf(() => json(200, { message: 'Check-in successful.', data }));

    await expect(checkIn(client)).resolves.toEqual({ message: 'Check-in successful.', data });
    const [request] = sent;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe(`http://kiosk.test/public/events/${EVENT}/check-in`);
    expect(request!.headers.get('accept')).toBe('application/json');
    expect(request!.headers.get('content-type')).toBe('application/json');
    expect(await request!.json()).toEqual({ email: 'ada@example.com' });
  });

  it('escapes path parameters and writes the query', async () => {
    const { client, sent } = clientOf(() =>
      json(200, { data: [], meta: { total: 0, page: 2, per_page: 50 } }),
    );
    await answer(
      client.GET('/dashboard/api/events/{event_id}/attendees', {
        params: { path: { event_id: 'a/b?c' }, query: { page: 2, per_page: 50, q: 'ada l' } },
      }),
    );
    const url = new URL(sent[0]!.url);
    expect(url.pathname).toBe('/dashboard/api/events/a%2Fb%3Fc/attendees');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', per_page: '50', q: 'ada l' });
  });

  it("throws a refusal as an ApiError with the server's status, message, field errors and body", async () => {
    const refusal = { message: 'Validation failed.', errors: { email: ['The email field is required.'] } };
    const { client } = clientOf(() => json(422, refusal));

    const error = await checkIn(client, '').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Validation failed.',
      fieldErrors: { email: ['The email field is required.'] },
      body: refusal,
      isNetworkFailure: false,
    });
  });

  it('keeps a refusal without field errors or without JSON an ApiError of its status', async () => {
    const conflict = await checkIn(
      clientOf(() => json(409, { message: 'Already checked in.' })).client,
    ).catch((caught: unknown) => caught);
    expect(conflict).toMatchObject({ status: 409, message: 'Already checked in.', fieldErrors: {} });

    const gateway = await checkIn(
      clientOf(() => new Response('<h1>Bad gateway</h1>', { status: 502 })).client,
    ).catch((caught: unknown) => caught);
    expect(gateway).toBeInstanceOf(ApiError);
    expect(gateway).toMatchObject({ status: 502, message: '', fieldErrors: {} });
  });

  it('throws an unreachable server as an ApiError of status 0', async () => {
    const { client } = clientOf(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await checkIn(client).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, isNetworkFailure: true });
  });

  it('leaves a request its caller aborted an AbortError, not a network failure', async () => {
    const { client } = clientOf(
      (request) =>
        new Promise<Response>((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        ),
    );
    const controller = new AbortController();
    const pending = answer(
      client.GET('/public/events/{uuid}', { params: { path: { uuid: EVENT } }, signal: controller.signal }),
    ).catch((caught: unknown) => caught);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });
});
