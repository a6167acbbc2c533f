import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { messages } from '../../server/platform/messages.ts';
import { refusals, varying } from '../../server/platform/refusals.ts';
import { shapeCheckFor } from '../../server/platform/response-shape.ts';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';

const checkOf = (schema: z.ZodType) =>
  shapeCheckFor(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }));

const person = z
  .object({
    id: z.string(),
    nickname: z.string().nullable(),
    address: z.object({ city: z.string() }).nullable(),
    answers: z.record(z.string(), z.string()),
  })
  .meta({ id: 'Person' });

describe('shapeCheckFor', () => {
  const check = checkOf(
    z.object({ data: z.array(person), meta: z.object({ total: z.number() }).optional() }),
  );
  const ada = { id: 'a', nickname: null, address: { city: 'London' }, answers: { company: 'Engines' } };

  it('accepts a body that is exactly its schema, nulls, records and optional parts included', () => {
    expect(check({ data: [ada, { ...ada, address: null }] })).toEqual([]);
    expect(check({ data: [], meta: { total: 0 } })).toEqual([]);
  });

  it('names every property the schema does not declare, at any depth, through $defs and arrays', () => {
    expect(
      check({ data: [ada, { ...ada, tokenHash: 'x', address: { city: 'Paris', street: 'Rue' } }], extra: 1 }),
    ).toEqual([
      'data[1].address.street: not in the schema',
      'data[1].tokenHash: not in the schema',
      'extra: not in the schema',
    ]);
  });

  it('names a missing required property, and takes an undefined one as missing', () => {
    const { nickname: _nickname, ...withoutNickname } = ada;
    expect(check({ data: [withoutNickname, { ...ada, id: undefined }] })).toEqual([
      'data[0].nickname: required, missing',
      'data[1].id: required, missing',
    ]);
  });

  it('refuses an object or an array where the schema has a scalar', () => {
    expect(
      check({
        data: [
          { ...ada, nickname: { secret: 'x' } },
          { ...ada, id: ['a'] },
        ],
      }),
    ).toEqual([
      'data[0].nickname: an object where the schema has none',
      'data[1].id: an array where the schema has none',
    ]);
  });

  it('merges union branches: any property one names, those all require', () => {
    const union = checkOf(
      z.union([
        z.object({ kind: z.literal('a'), a: z.string() }),
        z.object({ kind: z.literal('b'), b: z.string() }),
      ]),
    );
    expect(union({ kind: 'a', a: 'x' })).toEqual([]);
    expect(union({ kind: 'b', b: 'x', c: 'y' })).toEqual(['c: not in the schema']);
    expect(union({ a: 'x' })).toEqual(['kind: required, missing']);
  });

  it("holds a string to the values its schema fixes: a refusal's messages, its pattern, an enum", () => {
    const refusal = checkOf(
      refusals({
        409: [messages.alreadyRegistered, varying(messages.alreadyCheckedInAt, 'Nov 21, 2026 10:42 AM')],
      })[409],
    );
    expect(refusal({ message: 'You are already registered for this event.' })).toEqual([]);
    expect(refusal({ message: 'You have already checked in at Dec 1, 2026 9:05 PM.' })).toEqual([]);
    expect(refusal({ message: 'Registration is closed for this event.' })).toEqual([
      'message: "Registration is closed for this event." is not a value the schema allows',
    ]);
    const status = checkOf(z.object({ status: z.enum(['confirmed', 'pending']), note: z.string() }));
    expect(status({ status: 'pending', note: 'anything' })).toEqual([]);
    expect(status({ status: 'no_show', note: 'anything' })).toEqual([
      'status: "no_show" is not a value the schema allows',
    ]);
  });

  it('leaves what the schema declares as anything alone', () => {
    expect(checkOf(z.object({ payload: z.unknown() }))({ payload: { any: { thing: [1] } } })).toEqual([]);
  });
});

describe('the tests\u2019 apps', () => {
  let t: TestApp;
  afterEach(async () => t.close());

  /** A route whose handler sends a field its response schema does not declare. */
  async function appWithLeakyRoute(options: { checkResponseShapes?: boolean } = {}): Promise<TestApp> {
    t = await startTestApp(options);
    t.app.get('/leaky', { schema: { response: { 200: z.object({ id: z.string() }) } } }, async () => ({
      id: 'a',
      tokenHash: 'secret',
    }));
    return t;
  }

  it('fail a response whose body strays from its schema, saying why (so every API test checks shapes)', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { app } = await appWithLeakyRoute();
    const res = await call(app, 'GET', '/leaky');
    expect(res.status).toBe(500);
    expect(printed).toHaveBeenCalledWith(expect.stringContaining('tokenHash: not in the schema'));
    printed.mockRestore();
  });

  it('are the only ones that check: without it the body is written as the handler built it', async () => {
    const { app } = await appWithLeakyRoute({ checkResponseShapes: false });
    const res = await call(app, 'GET', '/leaky');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 'a', tokenHash: 'secret' });
  });
});
