import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../access/session-auth.http.ts';
import { HttpError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';
import { messageBody } from '../platform/schemas.ts';
import { presentMailSettings } from './mail.presenters.ts';
import {
  mailServerOf,
  mailSettingsBody,
  mailSettingsResponse,
  mailSettingsSchema,
  retryResponse,
  testMailBody,
  testMailResponse,
} from './mail.schemas.ts';

const tags = ['Dashboard: mail'];

/**
 * The organization's mail server, for owners: read (never the password), set, remove, and send a test email that
 * answers with the server's own reply. `arrivals mail set` and `arrivals mail test` do the same from the CLI.
 */
export const mailSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mail } = app.ctx;
  const config = { access: 'owner' as const };

  const present = (organizationId: number) => {
    const settings = mail.settingsOf(organizationId);
    return settings && presentMailSettings(settings, mail.outboxSummary(organizationId));
  };

  app.get(
    '/mail-settings',
    {
      config,
      schema: {
        tags,
        summary: "The organization's mail server (null until it is set up); the password is never shown",
        response: { 200: mailSettingsResponse },
      },
    },
    async function showMailSettings(request) {
      return { data: present(staffOf(request).organizationId) };
    },
  );

  app.put(
    '/mail-settings',
    {
      config,
      schema: {
        tags,
        summary: "Set the organization's mail server; mail that waited is tried again at once",
        body: mailSettingsBody,
        response: { 200: z.object({ data: mailSettingsSchema }) },
      },
    },
    async function saveMailSettings(request) {
      const organizationId = staffOf(request).organizationId;
      const body = request.body;
      mail.saveSettings(organizationId, {
        ...mailServerOf(body),
        mailKioskRegistrations: body.mail_kiosk_registrations,
        mailImports: body.mail_imports,
        maxPerMinute: body.max_per_minute,
      });
      return { data: present(organizationId)! };
    },
  );

  app.delete(
    '/mail-settings',
    {
      config,
      schema: {
        tags,
        summary: 'Stop mailing: remove the mail server (what waits stays, and goes if it is set up again)',
        response: { 200: messageBody, ...refusals({ 404: [messages.mailSettingsNotFound] }) },
      },
    },
    async function removeMailSettings(request) {
      if (!mail.removeSettings(staffOf(request).organizationId)) {
        throw new HttpError(404, messages.mailSettingsNotFound);
      }
      return { message: messages.mailSettingsRemoved };
    },
  );

  app.post(
    '/mail-settings/test',
    {
      config,
      schema: {
        tags,
        summary: 'Send a test email now; the answer carries the mail server’s own reply',
        description:
          '200 whether or not the server took it: `data.sent` says which, `data.reply` is what the server answered ' +
          '(e.g. `535 5.7.8 Authentication failed`), `data.detail` what went wrong when no server answered (a far ' +
          'end that does not greet as SMTP is only said to be no SMTP server). At most 10 an hour an organization.',
        body: testMailBody,
        response: {
          200: testMailResponse,
          ...refusals({ 409: [messages.mailNotConfigured], 429: [messages.tooManyTestMails] }),
        },
      },
    },
    async function sendTestMail(request, reply) {
      const outcome = await mail.sendTest(staffOf(request).organizationId, request.body.to);
      if (!outcome.ok && outcome.reason === 'too_many') {
        reply.header('retry-after', outcome.retryAfterSeconds);
        throw new HttpError(429, messages.tooManyTestMails);
      }
      if (!outcome.ok) throw new HttpError(409, messages.mailNotConfigured);
      return {
        message: outcome.sent ? messages.testMailSent : messages.testMailRefused,
        data: {
          sent: outcome.sent,
          reply: outcome.reply,
          detail: outcome.detail,
          ...(outcome.hint ? { hint: outcome.hint } : {}),
        },
      };
    },
  );

  app.post(
    '/mail-settings/outbox/retry',
    {
      config,
      schema: {
        tags,
        summary: 'Retry now: every mail that waits goes now instead of when the retry schedule says',
        description:
          'After an outage or a fixed setting: what waited for its next try is sent at once (each an attempt like ' +
          'any other). `data.waiting` is how many mails wait.',
        response: { 200: retryResponse, ...refusals({ 409: [messages.mailNotConfigured] }) },
      },
    },
    async function retryWaitingMail(request) {
      const outcome = mail.retryOrganization(staffOf(request).organizationId);
      if (!outcome.ok) throw new HttpError(409, messages.mailNotConfigured);
      return { message: messages.mailRetrying(outcome.waiting), data: { waiting: outcome.waiting } };
    },
  );
};
