import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { StaffRole, TokenScope } from '../contract/vocabulary.ts';
import type { EventRecord } from '../events/event.types.ts';
import { HttpError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import type { RefusalMap } from '../platform/refusals.ts';
import { tokenCoversEvent } from './api-token.rules.ts';
import { staffOf } from './session-auth.http.ts';
import { tokenOf } from './token-auth.http.ts';

/**
 * Who is calling a route that the token API and the dashboard share (events, people, attendee actions, webhooks):
 * one route module per operation, mounted once for each kind of caller, with what differs passed in here.
 */
export interface Caller {
  /** Where the shared routes live: `/api/...` for tokens, below the dashboard scope's own prefix for staff. */
  readonly basePath: string;
  /** Prefixes the OpenAPI tags, so the two mounts are listed apart. */
  tag(name: string): string;
  /** The route config that admits the caller: a token scope, or a dashboard role. */
  access(needs: { scope: TokenScope; role: StaffRole }): FastifyContextConfig;
  organizationOf(request: FastifyRequest): number;
  /**
   * The caller's event `uuid`: another organization's event is 404 as if it did not exist; an event of the same
   * organization that a restricted token does not cover is 403.
   */
  eventOf(app: FastifyInstance, request: FastifyRequest, uuid: string): EventRecord;
  /** What `eventOf` refuses, for the routes that call it to declare. */
  readonly eventRefusals: RefusalMap;
  /**
   * Whether the caller may act on organization-wide resources (events to be, people, webhooks). A token restricted
   * to some events may not: it cannot widen its own reach.
   */
  reachesWholeOrganization(request: FastifyRequest): boolean;
  /** What `wholeOrganizationOf` refuses this caller, for the routes that call it to declare. */
  readonly organizationRefusals: RefusalMap;
}

function eventOfOrganization(app: FastifyInstance, organizationId: number, uuid: string): EventRecord {
  const event = app.ctx.events.findEvent(uuid);
  if (!event || event.organizationId !== organizationId) throw new HttpError(404, messages.eventNotFound);
  return event;
}

/** A token-authenticated caller of `/api/*` (the token scope's hooks have authenticated and rate-limited it). */
export const tokenCaller: Caller = {
  basePath: '/api',
  tag: (name) => name,
  access: ({ scope }) => ({ scope }),
  organizationOf: (request) => tokenOf(request).organizationId,
  eventOf(app, request, uuid) {
    const token = tokenOf(request);
    const event = eventOfOrganization(app, token.organizationId, uuid);
    if (!tokenCoversEvent(token, event.uuid)) throw new HttpError(403, messages.accessDenied);
    return event;
  },
  eventRefusals: { 403: [messages.accessDenied], 404: [messages.eventNotFound] },
  reachesWholeOrganization: (request) => tokenOf(request).eventIds === null,
  organizationRefusals: { 403: [messages.accessDenied] },
};

/** A signed-in member of the staff dashboard, under `/dashboard/api`. */
export const staffCaller: Caller = {
  basePath: '',
  tag: (name) => `Dashboard: ${name.toLowerCase()}`,
  access: ({ role }) => ({ access: role }),
  organizationOf: (request) => staffOf(request).organizationId,
  eventOf: (app, request, uuid) => eventOfOrganization(app, staffOf(request).organizationId, uuid),
  eventRefusals: { 404: [messages.eventNotFound] },
  reachesWholeOrganization: () => true,
  organizationRefusals: {},
};

/** For a route that a restricted token may not use: its organization, or 403 `Access denied.` */
export function wholeOrganizationOf(caller: Caller, request: FastifyRequest): number {
  if (!caller.reachesWholeOrganization(request)) throw new HttpError(403, messages.accessDenied);
  return caller.organizationOf(request);
}
