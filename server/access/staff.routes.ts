import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldMessage } from '../platform/field-errors.ts';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';
import { messageBody, uuidParam } from '../platform/schemas.ts';
import type { StaffAccount } from './access.types.ts';
import { presentStaff } from './access.presenters.ts';
import { createStaffBody, staffSchema, updateStaffBody } from './access.schemas.ts';
import { sessionValueOf, staffOf } from './session-auth.http.ts';

const tags = ['Dashboard: staff'];
const params = z.object({ id: uuidParam('Staff account UUID') });
/** What `accountOf` refuses. */
const accountRefusals = { 404: [messages.staffNotFound] } as const;

/** Owners add staff, reset their passwords and remove them. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staff } = app.ctx;

  function accountOf(me: StaffAccount, uuid: string): StaffAccount {
    const account = staff.findStaff(me.organizationId, uuid);
    if (!account) throw new HttpError(404, messages.staffNotFound);
    return account;
  }

  app.get(
    '/staff',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Staff accounts',
        response: { 200: z.object({ data: z.array(staffSchema) }) },
      },
    },
    async function listStaff(request) {
      return { data: staff.listStaff(staffOf(request).organizationId).map(presentStaff) };
    },
  );

  app.post(
    '/staff',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Add a staff member or owner',
        body: createStaffBody,
        response: { 201: z.object({ data: staffSchema }) },
      },
    },
    async function addStaff(request, reply) {
      const outcome = await staff.createStaff(staffOf(request).organizationId, request.body);
      if (!outcome.ok) throw new ValidationError({ email: [fieldMessage.taken('email')] });
      reply.code(201);
      return { data: presentStaff(outcome.staff) };
    },
  );

  app.patch(
    '/staff/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary:
          'Rename, change the role or set a new password (which ends every other session of that account)',
        params,
        body: updateStaffBody,
        response: { 200: z.object({ data: staffSchema }), ...refusals(accountRefusals) },
      },
    },
    async function editStaff(request) {
      const me = staffOf(request);
      const outcome = await staff.updateStaff(
        me,
        accountOf(me, request.params.id),
        request.body,
        sessionValueOf(request),
      );
      if (!outcome.ok) throw new ValidationError({ role: [messages.lastOwner] });
      return { data: presentStaff(outcome.staff) };
    },
  );

  app.delete(
    '/staff/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Remove a staff member',
        params,
        response: { 200: messageBody, ...refusals(accountRefusals, { 422: [messages.cannotRemoveSelf] }) },
      },
    },
    async function removeStaff(request) {
      const me = staffOf(request);
      const account = accountOf(me, request.params.id);
      const outcome = staff.removeStaff(me, account);
      if (!outcome.ok) throw new HttpError(422, messages.cannotRemoveSelf);
      return { message: `Removed ${account.name}.` };
    },
  );
};
