import { WEBHOOK_EVENT_TYPES } from '../contract/vocabulary.ts';
import type { EndpointInput } from './webhook.schemas.ts';
import type { WebhookEndpointRecord, WebhookEndpointSettings } from './webhook.types.ts';

/** Settings from a create body (over the defaults), or an endpoint with a PATCH body's keys applied. */
export function applyEndpointInput(
  base: WebhookEndpointRecord | null,
  input: EndpointInput,
): WebhookEndpointSettings {
  const enabled = input.enabled ?? base?.enabled ?? true;
  return {
    url: input.url ?? base?.url ?? '',
    description: input.description ?? base?.description ?? '',
    eventTypes: input.event_types
      ? [...new Set(input.event_types)]
      : (base?.eventTypes ?? WEBHOOK_EVENT_TYPES),
    enabled,
    // Switching off says why; an endpoint already off (say, after a 410) keeps its reason.
    disabledReason: enabled ? null : (base?.disabledReason ?? 'manual'),
  };
}
