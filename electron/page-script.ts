import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const SUFFIX = '?page-script';

/**
 * `import text from './page.ts?page-script'`: the TypeScript of a page the main process serves itself (the staff
 * screen), bundled with its imports into one classic script and imported as its text, as `?raw` imports a file.
 * The staff scheme serves strings from the main bundle, so the page needs no file of its own next to it; its
 * sources stay TypeScript under typecheck. Used by electron.vite.config.ts and vitest.config.ts alike, so the unit
 * tests serve the same script as the app.
 */
export function pageScript(): Plugin {
  return {
    name: 'arrivals:page-script',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return null;
      const resolved = await this.resolve(source.slice(0, -SUFFIX.length), importer, { skipSelf: true });
      return resolved && `${resolved.id}${SUFFIX}`;
    },
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const result = await build({
        entryPoints: [id.slice(0, -SUFFIX.length)],
        bundle: true,
        format: 'iife',
        platform: 'browser',
        // The staff window is Electron's Chromium, never an older browser.
        target: 'es2022',
        write: false,
        metafile: true,
        logLevel: 'silent',
      });
      for (const input of Object.keys(result.metafile.inputs)) this.addWatchFile(path.resolve(input));
      return `export default ${JSON.stringify(result.outputFiles[0]!.text)};`;
    },
  };
}
