import { staffOf } from '../access/session-auth.http.ts';
import { webhookRoutes } from './webhook.routes.ts';

/** Developers -> Webhooks: the token API's webhook routes for owners, with the count of waiting notifications. */
export const dashboardWebhookRoutes = webhookRoutes({
  basePath: '/webhooks',
  tags: ['Dashboard: webhooks'],
  config: { access: 'owner' },
  rateLimited: false,
  organizationOf: (request) => staffOf(request).organizationId,
});
