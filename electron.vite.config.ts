import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { pageScript } from './electron/page-script.ts';

/**
 * electron-vite sets `base: './'` for a renderer loaded from file://. This one is served by Fastify from `/` and
 * deep links (`/kiosk/{uuid}/scan`) must find `/assets/...`, so the base goes back to the root.
 */
const servedFromRoot: Plugin = { name: 'arrivals:served-from-root', config: () => ({ base: '/' }) };

/**
 * The browser tests build the renderer alone into a directory of their own (test/e2e/support/global-setup.ts), so
 * a build running beside them cannot pull files from under their servers, and the shell is not built for nothing.
 */
const testRendererOutDir = process.env.ARRIVALS_RENDERER_OUT_DIR;

const desktopShell: Pick<UserConfig, 'main' | 'preload'> = {
  // The desktop shell (electron/README.md). The server's dependencies stay external and load from node_modules.
  main: {
    // The staff screen's script, served by the main process from its own bundle (electron/page-script.ts).
    plugins: [pageScript()],
    build: {
      outDir: 'out/main',
      // The CSV import's worker too: the server starts it from the file beside its own code, as `import.worker.js`
      // (server/attendees/import-thread.ts).
      lib: {
        entry: { index: 'electron/main/index.ts', 'import.worker': 'server/attendees/import.worker.ts' },
      },
    },
  },
  // Sandboxed preloads cannot be ES modules: CommonJS, named .cjs because package.json says "type": "module".
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can require nothing but electron: each one is a single self-contained file.
      isolatedEntries: true,
      externalizeDeps: false,
      rollupOptions: {
        input: { index: 'electron/preload/index.ts', staff: 'electron/preload/staff.ts' },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
};

export default defineConfig({
  ...(testRendererOutDir ? {} : desktopShell),
  renderer: {
    root: 'renderer',
    plugins: [react(), servedFromRoot],
    build: {
      outDir: testRendererOutDir || 'out/renderer',
      emptyOutDir: true,
      // Browsers on the venue LAN open the kiosk too, not only the desktop shell's Chromium.
      target: 'es2022',
      minify: true,
      // Three pages, each its own entry that loads none of the others' screens: the kiosk (index.html), the staff
      // dashboard (dashboard.html), and the public event and ticket pages people open on their phones (public.html).
      rollupOptions: {
        input: {
          index: 'renderer/index.html',
          dashboard: 'renderer/dashboard.html',
          public: 'renderer/public.html',
        },
      },
    },
  },
});
