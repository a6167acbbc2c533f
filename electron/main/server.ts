import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import type { ReplicaStatus } from '../../server/sync/replica.service.ts';
import { appOrigin, replicaDirOf, type ServerPlan } from './modes.ts';

/**
 * better-sqlite3's addon built for Electron's ABI. It is never the one in node_modules (that one is built for Node
 * and stays so, for the CLI and the tests): `npm run dist` builds it into out/native (electron/build-native.mjs)
 * and the installer ships it as a resource.
 */
export function nativeBindingPath(where: {
  isPackaged: boolean;
  resourcesPath: string;
  appPath: string;
}): string {
  return where.isPackaged
    ? path.join(where.resourcesPath, 'native', 'better_sqlite3.node')
    : path.join(where.appPath, 'out', 'native', 'better_sqlite3.node');
}

export interface EmbeddedServer {
  app: FastifyInstance;
  origin: string;
  close(): Promise<void>;
}

export interface EmbeddedServerOptions {
  plan: ServerPlan;
  /** The app's data dir; a paired satellite's replica is in a folder inside it (modes.ts's replicaDirOf). */
  dataDir: string;
  /** The built renderer: out/renderer beside out/main, inside the app bundle when packaged. */
  kioskDir: string;
  nativeBinding: string;
}

/**
 * Runs the API in the main process (electron/README.md says why not in a utility process). A satellite opens no
 * database, so it never needs the native addon.
 */
export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const { plan } = options;
  const app = await buildApp({
    dataDir: plan.replica ? replicaDirOf(options.dataDir) : options.dataDir,
    kioskDir: options.kioskDir,
    logger: { level: process.env.ARRIVALS_LOG_LEVEL ?? 'warn' },
    ...(plan.satellite ? { satellite: plan.satellite } : { nativeBinding: options.nativeBinding }),
  });
  try {
    await app.listen({ host: plan.host, port: plan.port });
  } catch (error) {
    await app.close();
    throw error;
  }
  return { app, origin: appOrigin(plan.port), close: () => app.close() };
}

/**
 * The server's one-time setup code while nobody owns the install yet (finding 1 of issue 21: setup needs it, and
 * the desktop app shows it on its staff screen), or null: once set up, on a replica (its staff come from the hub)
 * and on a satellite, which forwards to its hub and has no services of its own.
 */
export function setupCodeOf(app: FastifyInstance): string | null {
  return app.hasDecorator('ctx') ? app.ctx.staff.setupCode() : null;
}

/** How the replica the server runs is doing (waiting changes, offline, refused), or null when it runs no replica. */
export function replicaStatusOf(app: FastifyInstance): ReplicaStatus | null {
  return app.hasDecorator('ctx') ? (app.ctx.replica?.status() ?? null) : null;
}
