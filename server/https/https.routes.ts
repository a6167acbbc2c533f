import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Text, its own inline style sheet and a link to the certificate: nothing else loads. */
const TRUST_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The steps to trust the venue CA once, per kind of device, in plain words. */
function trustPage(fingerprint: string, secureOrigins: readonly string[]): string {
  const open = secureOrigins.length
    ? `<p>Then open the desk or the kiosk at ${secureOrigins
        .map((origin) => `<a href="${escapeHtml(origin)}/dashboard">${escapeHtml(origin)}</a>`)
        .join(' or ')}.</p>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Trust this venue’s certificate</title>
<style>
body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#111;line-height:1.5}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:1.5rem}code{word-break:break-all}
.download{display:inline-block;padding:.6rem 1rem;border:2px solid #1d4ed8;border-radius:8px;color:#1d4ed8;font-weight:600}
</style>
</head>
<body>
<main>
<h1>Trust this venue’s certificate, once per device</h1>
<p>A phone or tablet gives the camera only to a secure page (https). This venue’s Arrivals servers use a
certificate that Arrivals made for this venue. Install it once on each device that opens the desk or a kiosk over
https; plain http keeps working without it.</p>
<p><a class="download" href="/venue-ca.crt" download="arrivals-venue-ca.crt">Download the venue certificate</a></p>
<p>Its SHA-256 fingerprint, to compare with what the device shows:<br><code>${escapeHtml(fingerprint)}</code></p>
<h2>iPhone or iPad</h2>
<ol>
<li>Open this page in Safari, tap “Download the venue certificate” and allow the profile.</li>
<li>Settings, General, VPN &amp; Device Management: tap “Arrivals venue CA”, then Install.</li>
<li>Settings, General, About, Certificate Trust Settings: turn on full trust for it.</li>
</ol>
<h2>Android</h2>
<ol>
<li>Download the certificate.</li>
<li>Settings, Security (or Security &amp; privacy), More security settings, Encryption &amp; credentials, Install a
certificate, CA certificate: choose the file you downloaded.</li>
</ol>
<h2>Windows</h2>
<ol>
<li>Download the certificate and open it: Install Certificate, Current User.</li>
<li>Place all certificates in: Trusted Root Certification Authorities, then Finish.</li>
</ol>
<h2>macOS</h2>
<ol>
<li>Download the certificate and open it: Keychain Access adds it.</li>
<li>Double-click “Arrivals venue CA”, open Trust, and choose “Always Trust” for “When using this certificate”.</li>
</ol>
<h2>Chromebook</h2>
<ol>
<li>Settings, Privacy and security, Security, Manage certificates, Authorities: Import the file.</li>
<li>Tick “Trust this certificate for identifying websites”.</li>
</ol>
${open}
<p>This certificate can only vouch for this venue’s local addresses and .local names, never for another website.</p>
</main>
</body>
</html>
`;
}

/**
 * The venue certificate authority as devices need it (docs/https.md): `GET /venue-ca.crt` to install, and
 * `GET /trust`, the plain steps per kind of device with its fingerprint. Both 404 on a server without one (no
 * HTTPS, or the organizer's own certificate, which devices trust already).
 */
export const venueCertificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { venueCertificates, failover } = app.ctx;
  const tags = ['Kiosk'];

  app.get(
    '/venue-ca.crt',
    {
      schema: {
        tags,
        summary: "The venue certificate authority's certificate, to trust once per device",
        response: {
          200: {
            description: 'The certificate (PEM)',
            content: { 'application/x-x509-ca-cert': { schema: z.string() } },
          },
          ...refusals({ 404: [messages.noVenueCertificate] }),
        },
      },
    },
    async function downloadVenueCa(_request, reply) {
      const ca = venueCertificates.venueCa();
      if (!ca) throw new HttpError(404, messages.noVenueCertificate);
      return reply
        .type('application/x-x509-ca-cert')
        .header('Content-Disposition', 'attachment; filename="arrivals-venue-ca.crt"')
        .header('Cache-Control', 'no-cache')
        .send(ca.pem);
    },
  );

  app.get(
    '/trust',
    {
      schema: {
        tags,
        summary: 'How to trust the venue certificate on a phone, a tablet or a computer',
        response: {
          200: { description: 'The steps, as a page', content: { 'text/html': { schema: z.string() } } },
          ...refusals({ 404: [messages.noVenueCertificate] }),
        },
      },
    },
    async function showTrustSteps(_request, reply) {
      const ca = venueCertificates.venueCa();
      if (!ca) throw new HttpError(404, messages.noVenueCertificate);
      const secure = failover
        .servers()
        .filter((server) => server.role === 'hub')
        .flatMap((server) => server.origins.filter((origin) => origin.startsWith('https://')));
      return reply
        .type('text/html; charset=utf-8')
        .header('Content-Security-Policy', TRUST_PAGE_POLICY)
        .header('Cache-Control', 'no-cache')
        .send(trustPage(ca.fingerprint, secure));
    },
  );
};
