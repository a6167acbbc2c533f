import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';
import { messageBody } from '../platform/schemas.ts';
import type { StaffAccount } from './access.types.ts';
import { presentStaff } from './access.presenters.ts';
import { sessionSchema, setupBody, signInBody } from './access.schemas.ts';
import { fieldMessage } from '../platform/field-errors.ts';
import { endSessionOf, isFromThisMachine, setSessionCookie, staffOf } from './session-auth.http.ts';

const tags = ['Dashboard: session'];

/** First-run setup, sign-in, the current session and sign-out. Sign-in and setup are rate-limited by path. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staff, organizations } = app.ctx;

  const sessionBody = (account: StaffAccount) => {
    const organization = organizations.findOrganization(account.organizationId)!;
    return {
      data: {
        staff: presentStaff(account),
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
        summary: 'Whether first-run setup is still needed, and whether this device must give the setup code',
        response: {
          200: z.object({ data: z.object({ needs_setup: z.boolean(), needs_setup_code: z.boolean() }) }),
        },
      },
    },
    async function showSetupState(request) {
      const needsSetup = staff.needsSetup();
      return {
        data: { needs_setup: needsSetup, needs_setup_code: needsSetup && !isFromThisMachine(request) },
      };
    },
  );

  app.post(
    '/setup',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Create the first owner and their organization (only while no staff account exists)',
        body: setupBody,
        response: {
          201: sessionSchema,
          ...refusals({ 409: [messages.alreadySetUp], 422: [messages.wrongSetupCode] }),
        },
      },
    },
    async function setUp(request, reply) {
      const body = request.body;
      const outcome = await staff.setUp({
        organizationName: body.organization_name,
        name: body.name,
        email: body.email,
        password: body.password,
        loadDemo: body.load_demo,
        timezone: body.timezone ?? null,
        setupCode: body.setup_code ?? null,
        fromThisMachine: isFromThisMachine(request),
      });
      if (!outcome.ok) {
        if (outcome.reason === 'setup_code_required') {
          throw new ValidationError({ setup_code: [fieldMessage.required('setup_code')] });
        }
        if (outcome.reason === 'wrong_setup_code') {
          throw new ValidationError({ setup_code: [messages.wrongSetupCode] }, messages.wrongSetupCode);
        }
        throw new HttpError(409, messages.alreadySetUp);
      }
      setSessionCookie(reply, staff.startSession(outcome.owner));
      reply.code(201);
      return sessionBody(outcome.owner);
    },
  );

  app.post(
    '/session',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: signInBody,
        response: { 200: sessionSchema, ...refusals({ 422: [messages.invalidCredentials] }) },
      },
    },
    async function signIn(request, reply) {
      const account = await staff.signIn(request.body.email, request.body.password);
      if (!account)
        throw new ValidationError({ email: [messages.invalidCredentials] }, messages.invalidCredentials);
      setSessionCookie(reply, staff.startSession(account));
      return sessionBody(account);
    },
  );

  app.get(
    '/session',
    {
      schema: { tags, summary: 'Who is signed in', response: { 200: sessionSchema } },
    },
    async function showSession(request) {
      return sessionBody(staffOf(request));
    },
  );

  app.delete(
    '/session',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Sign out', response: { 200: messageBody } },
    },
    async function signOut(request, reply) {
      endSessionOf(app, request, reply);
      return { message: messages.signedOut };
    },
  );
};
