import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffCaller } from '../access/caller.http.ts';
import type { EventRecord } from '../events/event.types.ts';
import { publicEventParams } from '../events/public-event.routes.ts';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { fieldMessage } from '../platform/field-errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';
import { ATTRIBUTE, uuidParam } from '../platform/schemas.ts';
import type { EventBrand, EventLogo } from './brand.types.ts';
import { HEX_COLOR, MAX_LOGO_BYTES, MAX_LOGO_PIXELS, MIN_ACCENT_CONTRAST } from './brand.rules.ts';
import type { AccentOutcome, LogoOutcome } from './brand.service.ts';

const tags = ['Dashboard: brand'];
const eventParams = z.object({ event_id: uuidParam('Event UUID') });

const brandSchema = z
  .object({
    accent_color: z
      .string()
      .nullable()
      .meta({ description: "The kiosk's accent colour, `#rrggbb`; null for the kiosk's own" }),
    logo_url: z.string().nullable().meta({ description: "Where the event's logo is read; null without one" }),
  })
  .meta({ id: 'EventBrand' });
const brandBody = z.object({ data: brandSchema });

const accentBody = z
  .object({
    accent_color: z.string().regex(HEX_COLOR).nullable().meta({ example: '#0f766e' }),
  })
  .meta({ id: 'UpdateEventBrand' });

// Base64 of the largest logo and a little more, so that a logo slightly too big hears why rather than a 413.
const MAX_IMAGE_TEXT = Math.ceil((MAX_LOGO_BYTES * 4) / 3) + 1024;
const logoBody = z
  .object({
    image: z
      .string()
      .min(1)
      .max(MAX_IMAGE_TEXT, { message: fieldMessage.logoTooBig(ATTRIBUTE, MAX_LOGO_BYTES / 1024) })
      .meta({ description: 'The PNG or JPEG file, base64-encoded; what it is is read from its bytes' }),
  })
  .meta({ id: 'EventLogoUpload' });

const imageResponse = {
  description:
    "The event's logo, as uploaded (PNG or JPEG); `ETag` names it, `If-None-Match` is answered 304.",
  content: { 'image/png': { schema: z.string() }, 'image/jpeg': { schema: z.string() } },
};
const notModified = z.null().meta({ description: 'Not Modified: the copy the client holds is the logo.' });

/** The dashboard's name for a logo an unpublished event may have too; the kiosk reads the public one. */
const dashboardLogoUrl = (event: EventRecord, brand: EventBrand) =>
  brand.logoEtag ? `/dashboard/api/events/${event.uuid}/brand/logo?v=${brand.logoEtag}` : null;

const presentBrand = (event: EventRecord, brand: EventBrand) => ({
  accent_color: brand.accentColor,
  logo_url: dashboardLogoUrl(event, brand),
});

const logoQuery = z.object({
  v: z.string().max(64).optional().meta({ description: "The logo's tag, as the logo URL carries it" }),
});

/**
 * Sends the logo, or 304 when the client holds it already. The URLs handed out carry the logo's tag (`?v=`), so
 * such a URL always means these bytes and may be kept for good; any other is revalidated at each use.
 */
function sendLogo(request: FastifyRequest, reply: FastifyReply, logo: EventLogo | null, version?: string) {
  if (!logo) throw new HttpError(404, messages.logoNotFound);
  const etag = `"${logo.etag}"`;
  reply
    .header('ETag', etag)
    .header('Cache-Control', version === logo.etag ? 'public, max-age=31536000, immutable' : 'no-cache');
  const held = request.headers['if-none-match'];
  if (held && held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  return reply.type(logo.type).send(logo.bytes);
}

function accentRefused(outcome: Extract<AccentOutcome, { ok: false }>): ValidationError {
  const contrast = (Math.floor(outcome.contrast * 10) / 10).toFixed(1);
  return new ValidationError(
    { accent_color: [fieldMessage.accentTooLight('accent_color', contrast, MIN_ACCENT_CONTRAST.toFixed(1))] },
    messages.validationFailed,
  );
}

function logoRefused(outcome: Extract<LogoOutcome, { ok: false }>): ValidationError {
  const message =
    outcome.reason === 'logo_too_big'
      ? fieldMessage.logoTooBig('image', MAX_LOGO_BYTES / 1024)
      : outcome.reason === 'logo_too_many_pixels'
        ? fieldMessage.logoTooManyPixels(
            'image',
            MAX_LOGO_PIXELS / 1_000_000,
            outcome.size.width,
            outcome.size.height,
          )
        : fieldMessage.logoNotAnImage('image');
  return new ValidationError({ image: [message] }, messages.validationFailed);
}

/**
 * An event's brand in the dashboard: staff read it, owners set the accent colour and upload or remove the logo
 * (`writable` is false on a replica, which forwards changes to its hub). Outside the interface's event, whose shape
 * stays.
 */
export function brandRoutes({ writable }: { writable: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    const { brand } = app.ctx;
    const eventOf = (request: FastifyRequest, uuid: string) => staffCaller.eventOf(app, request, uuid);

    app.get(
      '/events/:event_id/brand',
      {
        schema: {
          tags,
          summary: "The event's accent colour and logo",
          params: eventParams,
          response: { 200: brandBody, ...refusals(staffCaller.eventRefusals) },
        },
      },
      async function showEventBrand(request) {
        const event = eventOf(request, request.params.event_id);
        return { data: presentBrand(event, brand.brandOf(event)) };
      },
    );

    app.get(
      '/events/:event_id/brand/logo',
      {
        schema: {
          tags,
          summary: "The event's logo, published or not (for the editor's preview)",
          params: eventParams,
          querystring: logoQuery,
          response: {
            200: imageResponse,
            304: notModified,
            ...refusals(staffCaller.eventRefusals, { 404: [messages.logoNotFound] }),
          },
        },
      },
      async function showEventLogo(request, reply) {
        const event = eventOf(request, request.params.event_id);
        return sendLogo(request, reply, brand.logoOf(event), request.query.v);
      },
    );

    if (!writable) return;

    app.patch(
      '/events/:event_id/brand',
      {
        config: { access: 'owner' },
        schema: {
          tags,
          summary: "Set the event's accent colour (white text must stay readable on it), or null for none",
          params: eventParams,
          body: accentBody,
          response: {
            200: brandBody,
            ...refusals(staffCaller.eventRefusals, { 422: [messages.validationFailed] }),
          },
        },
      },
      async function updateEventBrand(request) {
        const event = eventOf(request, request.params.event_id);
        const outcome = brand.setAccent(event, request.body.accent_color);
        if (!outcome.ok) throw accentRefused(outcome);
        return { data: presentBrand(event, outcome.brand) };
      },
    );

    app.put(
      '/events/:event_id/brand/logo',
      {
        config: { access: 'owner' },
        bodyLimit: 2 * MAX_IMAGE_TEXT,
        schema: {
          tags,
          summary: `Upload the event's logo: a PNG or JPEG of at most ${MAX_LOGO_BYTES / 1024} KiB (SVG is refused)`,
          params: eventParams,
          body: logoBody,
          response: {
            200: brandBody,
            ...refusals(staffCaller.eventRefusals, { 422: [messages.validationFailed] }),
          },
        },
      },
      async function uploadEventLogo(request) {
        const event = eventOf(request, request.params.event_id);
        const outcome = brand.setLogo(event, Buffer.from(request.body.image, 'base64'));
        if (!outcome.ok) throw logoRefused(outcome);
        return { data: presentBrand(event, outcome.brand) };
      },
    );

    app.delete(
      '/events/:event_id/brand/logo',
      {
        config: { access: 'owner' },
        schema: {
          tags,
          summary: "Remove the event's logo",
          params: eventParams,
          response: { 200: brandBody, ...refusals(staffCaller.eventRefusals) },
        },
      },
      async function removeEventLogo(request) {
        const event = eventOf(request, request.params.event_id);
        return { data: presentBrand(event, brand.removeLogo(event)) };
      },
    );
  };
}

/** `GET /public/events/{uuid}/logo`: a published event's logo, for its kiosk and the badges printed there. */
export const publicLogoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { events, brand } = app.ctx;
  app.get(
    '/public/events/:uuid/logo',
    {
      schema: {
        tags: ['Kiosk'],
        summary: "A published event's logo",
        params: publicEventParams,
        querystring: logoQuery,
        response: {
          200: imageResponse,
          304: notModified,
          ...refusals({ 404: [messages.eventNotAvailable, messages.logoNotFound] }),
        },
      },
    },
    async function showPublicEventLogo(request, reply) {
      const event = events.findPublishedEvent(request.params.uuid);
      if (!event) throw new HttpError(404, messages.eventNotAvailable);
      return sendLogo(request, reply, brand.logoOf(event), request.query.v);
    },
  );
};
