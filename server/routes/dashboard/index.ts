import type { FastifyPluginAsync } from 'fastify';
import { registerSessionAuthentication } from '../../http/session-auth.ts';
import { deskRoutes } from './desk.ts';
import { dashboardEventRoutes } from './events.ts';
import { peopleRoutes } from './people.ts';
import { sessionRoutes } from './session.ts';
import { staffRoutes } from './staff.ts';
import { tokenRoutes } from './tokens.ts';
import { dashboardWebhookRoutes } from './webhooks.ts';

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
