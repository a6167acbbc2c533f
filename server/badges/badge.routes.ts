import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffCaller } from '../access/caller.http.ts';
import { BADGE_LAYOUTS } from '../contract/vocabulary.ts';
import { refusals } from '../platform/refusals.ts';
import { uuidParam } from '../platform/schemas.ts';

const tags = ['Dashboard: badges'];
const eventParams = z.object({ event_id: uuidParam('Event UUID') });
const badgeSettings = z.object({ layout: z.enum(BADGE_LAYOUTS) }).meta({ id: 'BadgeSettings' });
const badgeSettingsBody = z.object({ data: badgeSettings });

/**
 * An event's badge settings, for the dashboard only: the interface's event keeps its shape. Staff read them (the
 * desk prints badges), owners choose them in the event editor; on a replica they are read-only.
 */
export function badgeRoutes({ writable }: { writable: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    const { badges } = app.ctx;

    app.get(
      '/events/:event_id/badge',
      {
        schema: {
          tags,
          summary: "How the event's name badges are laid out",
          params: eventParams,
          response: { 200: badgeSettingsBody, ...refusals(staffCaller.eventRefusals) },
        },
      },
      async function showBadgeSettings(request) {
        return { data: badges.settingsOf(staffCaller.eventOf(app, request, request.params.event_id)) };
      },
    );

    if (!writable) return;
    app.patch(
      '/events/:event_id/badge',
      {
        config: { access: 'owner' },
        schema: {
          tags,
          summary: "Choose the event's badge layout",
          params: eventParams,
          body: badgeSettings,
          response: { 200: badgeSettingsBody, ...refusals(staffCaller.eventRefusals) },
        },
      },
      async function updateBadgeSettings(request) {
        const event = staffCaller.eventOf(app, request, request.params.event_id);
        return { data: badges.update(event, request.body) };
      },
    );
  };
}
