import type {
  DeliveryStatus,
  WebhookDisabledReason,
  WebhookEventType,
  WebhookMessageType,
} from '../contract/vocabulary.ts';

export interface WebhookEndpointRecord {
  id: number;
  uuid: string;
  organizationId: number;
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  enabled: boolean;
  disabledReason: WebhookDisabledReason | null;
  secret: string;
  previousSecret: string | null;
  /** Unix ms. */
  previousSecretExpiresAt: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookAttemptRecord {
  number: number;
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
  attemptedAt: string;
}

/** A message on its way to one endpoint, with its last attempt. */
export interface WebhookDeliveryRecord {
  id: number;
  endpointId: number;
  messageUid: string;
  type: WebhookMessageType;
  payload: string;
  status: DeliveryStatus;
  attemptCount: number;
  /** Unix ms; null once delivered or failed. */
  nextAttemptAt: number | null;
  lastStatusCode: number | null;
  createdAt: string;
  updatedAt: string;
  lastAttempt: WebhookAttemptRecord | null;
}

/** What the organization chooses about an endpoint; the rest (id, secret, times) the system keeps. */
export interface WebhookEndpointSettings {
  url: string;
  description: string;
  eventTypes: readonly WebhookEventType[];
  enabled: boolean;
  disabledReason: WebhookDisabledReason | null;
}

/** A host on the venue network (or this machine) that the organization's owners let webhooks reach. */
export interface LanIntegrationRecord {
  id: number;
  organizationId: number;
  /** As destination.rules.ts normalises it: a URL's hostname, then `:port` when only that port is allowed. */
  host: string;
  description: string;
  createdAt: string;
}
