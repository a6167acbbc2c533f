import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type Undici from 'undici';
import type { Agent, buildConnector, RequestInit, Response } from 'undici';
import { isListedDestination, isPublicAddress } from './destination.rules.ts';

/** The `code` of a connection refused because of where it would go, as Node's own errors carry theirs. */
export const DESTINATION_REFUSED = 'ARRIVALS_DESTINATION_REFUSED';

/** A connection not made: the destination is a non-public address the organization has not allowed. */
export class DestinationRefusedError extends Error {
  readonly code = DESTINATION_REFUSED;
  constructor() {
    super('The destination address is not allowed.');
    this.name = 'DestinationRefusedError';
  }
}

/** How names are resolved: `dns.lookup`, asked for every address. */
export type ResolveAll = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

/**
 * A connection's `lookup` that resolves a name as Node would and keeps only public addresses: the connection goes
 * to what it returns, so a name that resolves (or is rebound) to a LAN or loopback address never reaches it. It
 * answers in the form asked for (`all` when Node races IPv4 and IPv6, a single address otherwise).
 */
export function publicOnlyLookup(resolve: ResolveAll = dns.lookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const usable = addresses.filter((entry) => isPublicAddress(entry.address));
      const first = usable[0];
      if (!first) return callback(new DestinationRefusedError(), '');
      if (options.all) return callback(null, usable);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * undici, loaded at the first delivery rather than at every start of the server. Its module's default export,
 * not its named ones: undici is CommonJS, and in the prebuilt server (esbuild's bundle) a dynamic import of a
 * CommonJS package has only a default export, while Node's own loader gives both.
 */
async function loadUndici(): Promise<typeof Undici> {
  return (await import('undici')).default;
}

/**
 * An undici Agent for one organization's webhooks that checks every connection where it is made: a host on the
 * organization's LAN integrations list (`listed`) is connected to as is; an address written in the URL must be
 * public; a name is resolved through `publicOnlyLookup()`. The check sits in the connector, below redirects (never
 * followed anyway), keep-alive reuse and DNS, so nothing reaches a refused address.
 */
async function destinationAgent(listed: readonly string[]): Promise<Agent> {
  const undici = await loadUndici();
  const direct = undici.buildConnector({});
  const publicOnly = undici.buildConnector({ lookup: publicOnlyLookup() });
  const connect: buildConnector.connector = (options, callback) => {
    // undici hands over an IPv6 literal without its brackets; the list writes hosts as URLs do.
    const family = isIP(options.hostname);
    const host = family === 6 ? `[${options.hostname}]` : options.hostname;
    const port = options.port !== '' ? Number(options.port) : options.protocol === 'https:' ? 443 : 80;
    if (isListedDestination(listed, host, port)) return direct(options, callback);
    if (family === 0) return publicOnly(options, callback);
    if (isPublicAddress(options.hostname)) return direct(options, callback);
    process.nextTick(callback, new DestinationRefusedError(), null);
  };
  return new undici.Agent({ connect });
}

/**
 * The dispatcher's HTTP client: undici's fetch through one destination-checking agent per organization. An
 * organization's agent is replaced (and its pooled connections closed) as soon as its list changes, so a host taken
 * off the list is not reached again over a connection kept alive from before.
 */
export function webhookHttpClient() {
  const agents = new Map<number, { listed: string; agent: Promise<Agent> }>();

  function agentFor(organizationId: number, listed: readonly string[]): Promise<Agent> {
    const key = listed.join(' ');
    const current = agents.get(organizationId);
    if (current?.listed === key) return current.agent;
    if (current) void current.agent.then((agent) => agent.close()).catch(() => {});
    const agent = destinationAgent(listed);
    agents.set(organizationId, { listed: key, agent });
    return agent;
  }

  return {
    /** `listed`: the organization's LAN integrations as they stand now. */
    async fetch(
      organizationId: number,
      listed: readonly string[],
      url: string,
      init: RequestInit,
    ): Promise<Response> {
      const [{ fetch }, dispatcher] = await Promise.all([loadUndici(), agentFor(organizationId, listed)]);
      return fetch(url, { ...init, dispatcher });
    },

    /** Drops every connection: requests still under way fail (the dispatcher has aborted them already). */
    async close(): Promise<void> {
      const closing = [...agents.values()].map(({ agent }) => agent.then((a) => a.destroy()));
      agents.clear();
      await Promise.allSettled(closing);
    },
  };
}
