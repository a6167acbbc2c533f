// The server prebuilt as JavaScript (bin/build-server.mjs, part of `npm run build` and of `npm install`), and the
// choice between it and the TypeScript sources. Compiling the sources through tsx at every start costs most of a
// second on a kiosk's CPU; the bundle is only used while it matches the sources, so an edit is never run stale.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * What bin/ loads, by bundle name, and the CSV import's worker, which the server starts from the file beside its
 * own code (server/attendees/import-thread.ts). The bundle sits two levels below the root like the sources do, so
 * that paths the server resolves from its own module (kiosk-static.ts: `../../out/renderer/`) land on the same
 * place.
 */
export const SERVER_ENTRIES = {
  cli: 'server/cli.ts',
  'find-electron': 'electron/find-electron.ts',
  'import.worker': 'server/attendees/import.worker.ts',
};

export const BUNDLE_DIR = 'out/server';

/** How the bundle is made: a change here is a change to the bundle too. */
const BUILD_INPUTS = ['bin/server-bundle.mjs'];

/** Written last by a successful build: its absence means no usable bundle. */
export const MANIFEST_FILE = 'manifest.json';

/**
 * @typedef {object} BundleManifest
 * @property {number} startedAt when the build began (ms since the epoch)
 * @property {Record<string, number>} inputs every source file the bundle was made from (root-relative) and its
 *   mtimeMs, read after the build
 * @property {string[]} outputs the bundle's files, relative to BUNDLE_DIR
 */

/**
 * Whether a bundle may stand in for its sources: every source it was built from still has the modification time it
 * had then (an edit, a checkout or a deletion all change it, whichever way the clock goes), none was touched while
 * the build ran, and its files are all there.
 *
 * @param {unknown} manifest the parsed manifest, or null when there is none
 * @param {(file: string) => number | undefined} mtimeOf a root-relative file's mtimeMs, undefined when missing
 * @returns {boolean}
 */
export function isBundleFresh(manifest, mtimeOf) {
  if (!isManifest(manifest)) return false;
  const inputs = Object.entries(manifest.inputs);
  if (inputs.length === 0) return false;
  for (const [file, builtAt] of inputs) {
    if (builtAt >= manifest.startedAt || mtimeOf(file) !== builtAt) return false;
  }
  return manifest.outputs.every((file) => mtimeOf(path.posix.join(BUNDLE_DIR, file)) !== undefined);
}

/**
 * @param {unknown} value
 * @returns {value is BundleManifest}
 */
function isManifest(value) {
  if (typeof value !== 'object' || value === null) return false;
  const { startedAt, inputs, outputs } = /** @type {Record<string, unknown>} */ (value);
  return (
    typeof startedAt === 'number' &&
    typeof inputs === 'object' &&
    inputs !== null &&
    Object.values(inputs).every((mtime) => typeof mtime === 'number') &&
    Array.isArray(outputs) &&
    outputs.length > 0 &&
    outputs.every((file) => typeof file === 'string')
  );
}

/**
 * @param {string} root
 * @returns {unknown}
 */
function readManifest(root) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, BUNDLE_DIR, MANIFEST_FILE), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * @param {string} root
 * @returns {(file: string) => number | undefined}
 */
function mtimeIn(root) {
  return (file) => fs.statSync(path.join(root, file), { throwIfNoEntry: false })?.mtimeMs;
}

/** @param {string} [root] */
export function bundleIsFresh(root = ROOT) {
  return isBundleFresh(readManifest(root), mtimeIn(root));
}

/**
 * Packages the bundle leaves as imports from node_modules: the native addon, and Electron, which only the desktop
 * shell has. Everything else is bundled, including two packages that read files beside their own code:
 * @fastify/swagger-ui is told where its pages are (server/platform/openapi.ts), and pino would only look for its worker
 * files when given a transport, which Arrivals never does. Loading those two from node_modules cost ~100 ms of
 * every start (bench/kiosk.ts).
 */
export const BUNDLE_EXTERNALS = ['better-sqlite3', 'electron'];

/**
 * Bundles SERVER_ENTRIES with esbuild, the packages they use included (but BUNDLE_EXTERNALS): resolving and reading
 * some 800 module files was most of a start's time, and one file reads in a fraction of it. Built beside the old
 * bundle and swapped in whole, so a start that reads the manifest meanwhile gets the old bundle, no manifest (the
 * sources) or the new one.
 *
 * @param {{ root?: string, outDir?: string }} [options] outDir defaults to BUNDLE_DIR in root
 * @returns {Promise<BundleManifest>}
 */
export async function buildServerBundle({ root = ROOT, outDir = path.join(root, BUNDLE_DIR) } = {}) {
  const { build } = await import('esbuild');
  const startedAt = Date.now();
  const staging = `${outDir}.building-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir: staging,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: BUNDLE_EXTERNALS,
    // CommonJS packages inside an ES module still call require() for Node's built-ins: give them the real one.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module';\nconst require = __bundleRequire(import.meta.url);",
    },
    // What only some starts need (the satellite's proxy) is a chunk of its own, loaded when needed; chunks stay
    // beside the entries, at the depth SERVER_ENTRIES explains.
    splitting: true,
    chunkNames: '[name]-[hash]',
    // Stack traces name the bundle's lines; unminified, they stay readable (each module is headed by its path).
    minify: false,
    metafile: true,
    logLevel: 'warning',
  });
  const mtimeOf = mtimeIn(root);
  // -1 for a source already gone again: it can never match, so such a bundle is never used.
  const inputs = Object.fromEntries(
    [...Object.keys(metafile.inputs), ...BUILD_INPUTS].map((file) => [file, mtimeOf(file) ?? -1]),
  );
  /** @type {BundleManifest} */
  const manifest = {
    startedAt,
    inputs,
    outputs: Object.keys(metafile.outputs).map((file) => path.relative(staging, path.join(root, file))),
  };
  fs.writeFileSync(path.join(staging, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
  const old = `${outDir}.old-${process.pid}`;
  if (fs.existsSync(outDir)) fs.renameSync(outDir, old);
  fs.renameSync(staging, outDir);
  fs.rmSync(old, { recursive: true, force: true });
  return manifest;
}

/**
 * @typedef {{
 *   cli: typeof import('../server/cli.ts'),
 *   'find-electron': typeof import('../electron/find-electron.ts'),
 * }} ServerModules the bundle's exports are its sources'
 */

/**
 * One of SERVER_ENTRIES: the bundle when it is fresh, else the TypeScript source through tsx.
 *
 * @template {keyof ServerModules} Entry
 * @param {Entry} entry
 * @param {string} [root]
 * @returns {Promise<ServerModules[Entry]>}
 */
export async function importServer(entry, root = ROOT) {
  if (bundleIsFresh(root)) return import(pathToFileURL(path.join(root, BUNDLE_DIR, `${entry}.js`)).href);
  const { register } = await import('tsx/esm/api');
  register();
  return import(pathToFileURL(path.join(root, SERVER_ENTRIES[entry])).href);
}
