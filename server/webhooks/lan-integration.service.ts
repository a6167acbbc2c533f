import { toTimestamp } from '../platform/time.ts';
import type { Store } from '../store.ts';
import { normalizeLanHost } from './destination.rules.ts';
import type { LanIntegrationRecord } from './webhook.types.ts';

export type AllowLanHostOutcome =
  { ok: true; integration: LanIntegrationRecord } | { ok: false; reason: 'invalid_host' | 'already_listed' };

/**
 * The organization's LAN integrations: the hosts on the venue network (or this machine) its webhooks may reach.
 * Only owners change the list, in the dashboard; no token can, so a leaked token cannot open the LAN to itself.
 */
export function lanIntegrationService(store: Store) {
  const { repos, clock } = store;

  function listLanIntegrations(organizationId: number): LanIntegrationRecord[] {
    return repos.lanIntegrations.listForOrganization(organizationId);
  }

  /** `host` as typed (`192.168.1.20:8080`, `printer.local`); kept normalised, so one host is listed once. */
  function allowLanHost(
    organizationId: number,
    input: { host: string; description?: string },
  ): AllowLanHostOutcome {
    const host = normalizeLanHost(input.host);
    if (host === null) return { ok: false, reason: 'invalid_host' };
    const integration = repos.lanIntegrations.add(
      organizationId,
      host,
      input.description ?? '',
      toTimestamp(clock.now()),
    );
    return integration ? { ok: true, integration } : { ok: false, reason: 'already_listed' };
  }

  /** Deliveries to the host are refused from their next connection on. */
  function removeLanHost(organizationId: number, id: number): boolean {
    return repos.lanIntegrations.remove(organizationId, id);
  }

  return { listLanIntegrations, allowLanHost, removeLanHost };
}

export type LanIntegrationService = ReturnType<typeof lanIntegrationService>;
