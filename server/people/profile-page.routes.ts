import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PublicProfile } from './profile.rules.ts';
import { visibleProfile } from './profile.rules.ts';
import { messages } from '../platform/messages.ts';
import { profileCodeParams } from './person.schemas.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The page is text and its own inline style sheet: no scripts, images, forms or framing. */
const PROFILE_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#111;line-height:1.5}
h1{font-size:1.6rem}dt{font-weight:600;margin-top:.75rem}dd{margin:0}
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

function profileRows(profile: PublicProfile): string {
  const rows: [string, string][] = [];
  if (profile.email) rows.push(['Email', profile.email]);
  if (profile.phone) rows.push(['Phone', profile.phone]);
  if (profile.birthday) rows.push(['Birthday', profile.birthday]);
  if (profile.employment) {
    rows.push([
      'Work',
      [profile.employment.job_title, profile.employment.company].filter(Boolean).join(', '),
    ]);
  }
  if (profile.address) {
    const a = profile.address;
    rows.push(['Address', [a.street, a.city, a.state, a.postal_code, a.country].filter(Boolean).join(', ')]);
  }
  return rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('\n');
}

const htmlPage = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() } },
});

/** `/p/{code}`: the page a phone opens after scanning a profile QR code. General public limit: 10 a minute. */
export const profilePageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { people } = app.ctx;

  app.get(
    '/p/:code',
    {
      schema: {
        tags: ['Public profiles'],
        summary: 'A public profile as a web page',
        params: profileCodeParams,
        response: {
          200: htmlPage('The profile as a page: the name, then each field its owner made public.'),
          403: htmlPage(`A page saying "${messages.profilePrivate}"`),
          404: htmlPage(`A page saying "${messages.profileNotFound}"`),
        },
      },
    },
    async function showProfilePage(request, reply) {
      reply.type('text/html; charset=utf-8');
      reply.header('Content-Security-Policy', PROFILE_PAGE_POLICY);
      const user = people.findByProfileCode(request.params.code);
      if (!user)
        return reply.code(404).send(page('Profile not found', `<h1>${messages.profileNotFound}</h1>`));
      if (!user.profilePublic) {
        return reply.code(403).send(page('Private profile', `<h1>${messages.profilePrivate}</h1>`));
      }
      const profile = visibleProfile(user);
      const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ') || 'Profile';
      return reply.send(page(name, `<h1>${escapeHtml(name)}</h1>\n<dl>\n${profileRows(profile)}\n</dl>`));
    },
  );
};
