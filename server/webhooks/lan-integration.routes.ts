import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../access/session-auth.http.ts';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { fieldMessage } from '../platform/field-errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';
import { messageBody } from '../platform/schemas.ts';
import { allowLanHostBody, lanIntegrationParams, lanIntegrationSchema } from './lan-integration.schemas.ts';
import { presentLanIntegration } from './webhook.presenters.ts';

const tags = ['Dashboard: LAN integrations'];

const listDescription =
  'Webhooks may reach loopback, private, link-local and other non-public addresses only at the hosts listed ' +
  'here. An entry `host:port` allows that port, a bare `host` every port. A host name on the list is connected ' +
  'to wherever it resolves; any other name is refused when it resolves to a non-public address. Owners only; ' +
  'no API token can change the list.';

/** Developers -> LAN integrations: the hosts on the venue network that webhooks may reach. Owners only. */
export const lanIntegrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { lanIntegrations } = app.ctx;
  const config = { access: 'owner' as const };

  app.get(
    '/lan-integrations',
    {
      config,
      schema: {
        tags,
        summary: 'The hosts on the venue network that webhooks may reach',
        description: listDescription,
        response: { 200: z.object({ data: z.array(lanIntegrationSchema) }) },
      },
    },
    async function listLanIntegrations(request) {
      const list = lanIntegrations.listLanIntegrations(staffOf(request).organizationId);
      return { data: list.map(presentLanIntegration) };
    },
  );

  app.post(
    '/lan-integrations',
    {
      config,
      schema: {
        tags,
        summary: 'Allow webhooks to reach a host (host or host:port)',
        description: listDescription,
        body: allowLanHostBody,
        response: { 201: z.object({ data: lanIntegrationSchema }) },
      },
    },
    async function allowLanHost(request, reply) {
      const outcome = lanIntegrations.allowLanHost(staffOf(request).organizationId, request.body);
      if (!outcome.ok) {
        throw new ValidationError({
          host: [
            outcome.reason === 'already_listed' ? fieldMessage.taken('host') : fieldMessage.lanHost('host'),
          ],
        });
      }
      reply.code(201);
      return { data: presentLanIntegration(outcome.integration) };
    },
  );

  app.delete(
    '/lan-integrations/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Stop allowing a host; deliveries to it are refused from their next connection on',
        params: lanIntegrationParams,
        response: { 200: messageBody, ...refusals({ 404: [messages.lanIntegrationNotFound] }) },
      },
    },
    async function removeLanHost(request) {
      if (!lanIntegrations.removeLanHost(staffOf(request).organizationId, request.params.id)) {
        throw new HttpError(404, messages.lanIntegrationNotFound);
      }
      return { message: messages.lanIntegrationRemoved };
    },
  );
};
