import type { FastifyPluginAsync } from 'fastify';
import { registerSessionAuthentication } from './access/session-auth.http.ts';
import { deskRoutes } from './attendees/desk.routes.ts';
import { dashboardEventRoutes } from './events/dashboard-event.routes.ts';
import { peopleRoutes } from './people/dashboard-person.routes.ts';
import { sessionRoutes } from './access/session.routes.ts';
import { staffRoutes } from './access/staff.routes.ts';
import { tokenRoutes } from './access/api-token.routes.ts';
import { dashboardWebhookRoutes } from './webhooks/dashboard-webhook.routes.ts';

/** The staff dashboard's API, under `/dashboard/api`, authenticated by a session cookie. */
export const dashboardApi: FastifyPluginAsync = async (scope) => {
  registerSessionAuthentication(scope);
  await scope.register(sessionRoutes);
  await scope.register(staffRoutes);
  await scope.register(dashboardEventRoutes);
  await scope.register(deskRoutes);
  await scope.register(peopleRoutes);
  await scope.register(tokenRoutes);
  await scope.register(dashboardWebhookRoutes);
};
