import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.ts';
import { toTimestamp } from '../platform/time.ts';
import type { StaffAccount } from '../platform/types.ts';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { endSession, startSession, staffOf } from './session-auth.http.ts';
import { errorResponses, messageBody } from '../platform/schemas.ts';
import { presentStaff, sessionSchema, setupBody, signInBody } from './access.schemas.ts';
import { seedDemoContent } from '../demo/demo.service.ts';

const tags = ['Dashboard: session'];

/** A slug from a name: `City Hall Events` -> `city-hall-events`. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'organization';
}

/** First-run setup, sign-in, the current session and sign-out. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, repos, clock } = app.ctx;
  const limitSignInByIp = app.limiterFor('signIn');
  const limitSignInByAccount = app.limiterFor('signInAccount', (request) =>
    String((request.body as { email?: string }).email ?? '').toLowerCase(),
  );

  const sessionBody = (staff: StaffAccount) => {
    const organization = repos.organizations.findById(staff.organizationId)!;
    return {
      data: {
        staff: presentStaff(staff),
        organization: { id: organization.uuid, name: organization.name, slug: organization.slug },
      },
    };
  };

  app.get(
    '/setup',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Whether first-run setup is still needed',
        response: { 200: z.object({ data: z.object({ needs_setup: z.boolean() }) }) },
      },
    },
    async () => ({ data: { needs_setup: repos.organizations.list().length === 0 } }),
  );

  app.post(
    '/setup',
    {
      config: { access: 'public' },
      preHandler: limitSignInByIp,
      schema: {
        tags,
        summary: 'Create the organization and its first owner (only while none exists)',
        body: setupBody,
        response: { 201: sessionSchema, ...errorResponses(403, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const passwordHash = await hashPassword(body.password);
      const now = toTimestamp(clock.now());
      const owner = db
        .transaction(() => {
          if (repos.organizations.list().length > 0) return null;
          const organization = repos.organizations.create(
            body.organization_name,
            slugify(body.organization_name),
            now,
          )!;
          const staff = repos.staff.create(
            {
              organizationId: organization.id,
              name: body.name,
              email: body.email,
              passwordHash,
              role: 'owner',
            },
            now,
          )!;
          if (body.load_demo) seedDemoContent(repos, clock, organization);
          return staff;
        })
        .immediate();
      if (!owner) throw new HttpError(409, messages.alreadySetUp);
      startSession(app, reply, owner);
      reply.code(201);
      return sessionBody(owner);
    },
  );

  app.post(
    '/session',
    {
      config: { access: 'public' },
      // Throttled per IP and per account, and counted before the password is checked.
      preHandler: [limitSignInByIp, limitSignInByAccount],
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: signInBody,
        response: { 200: sessionSchema, ...errorResponses(403, 422, 429) },
      },
    },
    async (request, reply) => {
      const staff = repos.staff.findByEmail(request.body.email);
      const valid = staff
        ? await verifyPassword(request.body.password, staff.passwordHash)
        : await verifyAgainstDecoy(request.body.password);
      if (!staff || !valid)
        throw new ValidationError({ email: [messages.invalidCredentials] }, messages.invalidCredentials);
      startSession(app, reply, staff);
      return sessionBody(staff);
    },
  );

  app.get(
    '/session',
    {
      schema: { tags, summary: 'Who is signed in', response: { 200: sessionSchema, ...errorResponses(401) } },
    },
    async (request) => sessionBody(staffOf(request)),
  );

  app.delete(
    '/session',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Sign out', response: { 200: messageBody, ...errorResponses(403) } },
    },
    async (request, reply) => {
      endSession(app, request, reply);
      return { message: messages.signedOut };
    },
  );
};
