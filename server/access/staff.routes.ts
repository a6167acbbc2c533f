import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashPassword } from './passwords.ts';
import { toTimestamp } from '../platform/time.ts';
import { fieldMessage } from '../platform/field-errors.ts';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { staffOf } from './session-auth.http.ts';
import { errorResponses, messageBody, uuidParam } from '../platform/schemas.ts';
import { createStaffBody, presentStaff, staffSchema, updateStaffBody } from './access.schemas.ts';

const tags = ['Dashboard: staff'];
const params = z.object({ id: uuidParam('Staff account UUID') });

/** Owners add staff, reset their passwords and remove them. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, clock } = app.ctx;

  function staffOfMyOrganization(organizationId: number, uuid: string) {
    const staff = repos.staff.findByUuid(uuid);
    if (!staff || staff.organizationId !== organizationId) throw new HttpError(404, messages.staffNotFound);
    return staff;
  }

  app.get(
    '/staff',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Staff accounts',
        response: { 200: z.object({ data: z.array(staffSchema) }), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      data: repos.staff.listForOrganization(staffOf(request).organizationId).map(presentStaff),
    }),
  );

  app.post(
    '/staff',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Add a staff member or owner',
        body: createStaffBody,
        response: { 201: z.object({ data: staffSchema }), ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const { name, email, password, role } = request.body;
      const created = repos.staff.create(
        {
          organizationId: staffOf(request).organizationId,
          name,
          email,
          passwordHash: await hashPassword(password),
          role,
        },
        toTimestamp(clock.now()),
      );
      if (!created) throw new ValidationError({ email: [fieldMessage.taken('email')] });
      reply.code(201);
      return { data: presentStaff(created) };
    },
  );

  app.patch(
    '/staff/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Rename, change the role or reset the password (which signs them out everywhere)',
        params,
        body: updateStaffBody,
        response: { 200: z.object({ data: staffSchema }), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const me = staffOf(request);
      const staff = staffOfMyOrganization(me.organizationId, request.params.id);
      const { name, role, password } = request.body;
      if (role === 'staff' && staff.role === 'owner' && repos.staff.countOwners(me.organizationId) === 1) {
        throw new ValidationError({ role: [messages.lastOwner] });
      }
      const updated = repos.staff.update(
        {
          ...staff,
          name: name ?? staff.name,
          role: role ?? staff.role,
          passwordHash: password ? await hashPassword(password) : staff.passwordHash,
        },
        toTimestamp(clock.now()),
      );
      if (password && staff.id !== me.id) repos.staff.removeSessionsOf(staff.id);
      return { data: presentStaff(updated) };
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
        response: { 200: messageBody, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const me = staffOf(request);
      const staff = staffOfMyOrganization(me.organizationId, request.params.id);
      if (staff.id === me.id) throw new HttpError(422, messages.cannotRemoveSelf);
      repos.staff.remove(staff.id);
      return { message: `Removed ${staff.name}.` };
    },
  );
};
