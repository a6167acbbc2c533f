import { HttpError, ValidationError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { varying } from '../platform/refusals.ts';
import type { VenueRefusal } from './venue.service.ts';

/** The one line that says why following an online server did not work: the dashboard's and the CLI's. */
export function describeVenueRefusal(refusal: VenueRefusal): string {
  switch (refusal.reason) {
    case 'invalid_url':
      return messages.upstreamInvalidUrl;
    case 'already_connected':
      return messages.upstreamAlreadyConnected(refusal.url);
    case 'holds_registrations':
      return messages.upstreamHubNotEmpty;
    case 'organization_taken':
      return messages.upstreamOrganizationTaken;
    case 'unreachable':
      return messages.upstreamUnreachable(refusal.detail);
    case 'refused':
      return refusal.status === 404
        ? messages.upstreamNotArrivals
        : messages.upstreamRefused(refusal.message);
  }
}

/** The dashboard's answer: 409 for the state of this hub, else 422 under the field the owner should look at again. */
export function venueRefusalError(refusal: VenueRefusal): HttpError {
  const message = describeVenueRefusal(refusal);
  switch (refusal.reason) {
    case 'already_connected':
    case 'holds_registrations':
    case 'organization_taken':
      return new HttpError(409, message);
    case 'refused':
      return new ValidationError(
        { [refusal.status === 401 || refusal.status === 403 ? 'token' : 'url']: [message] },
        message,
      );
    default:
      return new ValidationError({ url: [message] }, message);
  }
}

/** What `venueRefusalError` answers, as the dashboard's routes declare it (platform/refusals.ts). */
export const venueRefusals = {
  409: [
    varying(messages.upstreamAlreadyConnected, 'https://events.example.org'),
    messages.upstreamHubNotEmpty,
    messages.upstreamOrganizationTaken,
  ],
  422: [
    messages.upstreamInvalidUrl,
    varying(messages.upstreamUnreachable, 'connect ECONNREFUSED 203.0.113.7:443'),
    messages.upstreamNotArrivals,
    varying(messages.upstreamRefused, 'Invalid API token.'),
  ],
} as const;
