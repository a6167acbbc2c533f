import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffOf } from '../access/session-auth.http.ts';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { fieldMessage } from '../platform/field-errors.ts';
import { messages } from '../platform/messages.ts';
import type { SecurityScheme } from '../platform/openapi.ts';
import { refusals } from '../platform/refusals.ts';
import { textCheckedElsewhereValidatorCompiler } from '../platform/validation.ts';
import { messageBody } from '../platform/schemas.ts';
import type { DeviceRecord } from './sync.types.ts';
import { presentConflict, presentDevice, presentPush } from './sync.presenters.ts';
import {
  changesQuery,
  changesResponse,
  conflictParams,
  deviceParams,
  pairBody,
  pairResponse,
  pairingCodeBody,
  pairingCodeResponse,
  pushBody,
  pushResponse,
  syncOverview,
  syncOverviewQuery,
} from './sync.schemas.ts';
import type { Op } from './sync.types.ts';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** A paired device's credential, as the OpenAPI document names its scheme. */
const SCHEME = 'deviceCredential';
export const DEVICE_SCHEME: Record<string, SecurityScheme> = {
  [SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    description:
      "A paired device's credential (`Authorization: Bearer`), from `POST /sync/pair`; shown once.",
  },
};

/** How the device endpoints are called, and what they refuse without a device (`deviceOf`). */
const asDevice = {
  security: [{ [SCHEME]: [] }],
  description: "Needs the device's credential from pairing.",
} as const;
const deviceRefusals = { 401: [messages.deviceNotPaired] } as const;

/**
 * The hub's sync endpoints for paired devices (docs/sync.md): pair with a code, push ops, read the change feed.
 * Every request but pairing carries the device's credential; a revoked or unknown one is 401.
 */
export const syncDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { syncHub } = app.ctx;
  const tags = ['Sync'];

  function deviceOf(request: FastifyRequest): DeviceRecord {
    const credential = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const device = credential ? syncHub.deviceOf(credential) : null;
    if (!device) throw new HttpError(401, messages.deviceNotPaired);
    return device;
  }

  app.post(
    '/sync/pair',
    {
      schema: {
        tags,
        summary: 'Pair a device with a pairing code from the hub’s staff screen or `arrivals device code`',
        body: pairBody,
        response: {
          201: pairResponse,
          ...refusals({ 422: [messages.pairingCodeExpired, messages.pairingCodeInvalid] }),
        },
      },
    },
    async function pairDevice(request, reply) {
      const outcome = syncHub.pairDevice(request.body.code, request.body.name);
      if (!outcome.ok) {
        throw new ValidationError(
          {
            code: [
              outcome.reason === 'expired_code' ? messages.pairingCodeExpired : messages.pairingCodeInvalid,
            ],
          },
          outcome.reason === 'expired_code' ? messages.pairingCodeExpired : messages.pairingCodeInvalid,
        );
      }
      reply.code(201);
      return {
        data: {
          device: outcome.device.uuid,
          credential: outcome.credential,
          organization: outcome.organizationUuid,
          event_ids: outcome.device.eventIds,
          epoch: outcome.epoch,
          grant: outcome.grant,
        },
      };
    },
  );

  // Each op's text is judged on its own (apply.service.ts), so one op is refused, not the whole push.
  await app.register(async (scope) => {
    scope.setValidatorCompiler(textCheckedElsewhereValidatorCompiler(['ops']));
    const pushes = scope.withTypeProvider<ZodTypeProvider>();
    pushes.post(
      '/sync/ops',
      {
        // A replica cuts its batches to fit (replica.service.ts, MAX_PUSH_BYTES); a bigger body is a 413.
        bodyLimit: 2 * 1024 * 1024,
        schema: {
          tags,
          summary: 'Push ops: each applied once, in one transaction, with its outcome',
          ...asDevice,
          body: pushBody,
          response: { 200: pushResponse, ...refusals(deviceRefusals) },
        },
      },
      async function pushOps(request) {
        const device = deviceOf(request);
        const body = request.body;
        const answer = await syncHub.receiveOps(device, {
          sentWallMs: body.sent_wall_ms,
          sentMonoMs: body.sent_mono_ms,
          bootId: body.boot_id,
          waiting: body.waiting,
          ackedSeq: body.acked_seq,
          wantsIds: body.wants_ids,
          ops: body.ops as Op[],
        });
        syncHub.nudge();
        return presentPush(answer);
      },
    );
  });

  app.get(
    '/sync/changes',
    {
      schema: {
        tags,
        summary: 'The change feed: rows of the device’s events changed after `since` (a snapshot from 0)',
        ...asDevice,
        description:
          'With `wait` (seconds) the hub holds the request until something changed. When `epoch` is not the ' +
          `hub’s, the answer starts from nothing (\`reset: true\`).\n\n${asDevice.description}`,
        querystring: changesQuery,
        response: { 200: changesResponse, ...refusals(deviceRefusals) },
      },
    },
    async function readChanges(request, reply) {
      const device = deviceOf(request);
      const { since, epoch, wait, waiting } = request.query;
      if (waiting !== undefined) syncHub.noteWaiting(device, waiting);
      const answer = await syncHub.longPollFeed(device, since, epoch ?? null, wait * 1000);
      syncHub.recordPull(device, answer.revision);
      // A long-poll answered because this server is closing ends its connection too: the server's close waits for
      // every connection, and an idle kept-alive one would hold it for the whole keep-alive timeout.
      if (syncHub.isClosing()) reply.header('connection', 'close');
      return answer;
    },
  );
};

/** The hub's Sync page for owners: devices, pairing codes, revoking, and the conflicts to acknowledge. */
export const syncDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { syncHub, events, attendees } = app.ctx;
  const tags = ['Dashboard: sync'];

  app.get(
    '/sync',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Paired devices and the conflicts sync settled',
        querystring: syncOverviewQuery,
        response: { 200: syncOverview },
      },
    },
    async function showSync(request) {
      const organizationId = staffOf(request).organizationId;
      const revision = syncHub.currentRevision();
      const devices = syncHub.listDevices(organizationId);
      const deviceNames = new Map(devices.map((device) => [device.uuid, device.name]));
      const eventUuids = new Map<number, string>();
      const conflicts = syncHub
        .listConflicts(organizationId, request.query.acknowledged === 'true')
        .map((c) => {
          if (!eventUuids.has(c.eventId))
            eventUuids.set(c.eventId, events.findEventById(c.eventId)?.uuid ?? '');
          return presentConflict(c, {
            event: eventUuids.get(c.eventId)!,
            attendee: attendees.findAttendee(c.attendeeUuid)?.name ?? null,
            device: deviceNames.get(c.deviceUuid) ?? null,
          });
        });
      return { data: { revision, devices: devices.map((d) => presentDevice(d, revision)), conflicts } };
    },
  );

  app.post(
    '/sync/pairing-codes',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'A short-lived code that pairs one kiosk to serve these events',
        body: pairingCodeBody,
        response: { 201: pairingCodeResponse },
      },
    },
    async function createPairingCode(request, reply) {
      const outcome = syncHub.createPairingCode(staffOf(request).organizationId, request.body.event_ids);
      if (!outcome.ok) throw new ValidationError({ event_ids: [fieldMessage.selected('event_ids')] });
      reply.code(201);
      return { data: { code: outcome.code, expires_at: outcome.expiresAt } };
    },
  );

  app.post(
    '/sync/devices/:id/revoke',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Revoke a device: its sync requests fail from now on',
        params: deviceParams,
        response: { 200: messageBody, ...refusals({ 404: [messages.deviceNotFound] }) },
      },
    },
    async function revokeDevice(request) {
      if (!syncHub.revokeDevice(staffOf(request).organizationId, request.params.id)) {
        throw new HttpError(404, messages.deviceNotFound);
      }
      return { message: messages.deviceRevoked };
    },
  );

  app.post(
    '/sync/conflicts/:id/acknowledge',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Acknowledge a conflict: it leaves the list of open ones',
        params: conflictParams,
        response: { 200: messageBody, ...refusals({ 404: [messages.conflictNotFound] }) },
      },
    },
    async function acknowledgeConflict(request) {
      if (!syncHub.acknowledgeConflict(staffOf(request).organizationId, request.params.id)) {
        throw new HttpError(404, messages.conflictNotFound);
      }
      return { message: messages.conflictAcknowledged };
    },
  );
};
