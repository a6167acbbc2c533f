import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

/**
 * electron-vite sets `base: './'` for a renderer loaded from file://. This one is served by Fastify from `/` and
 * deep links (`/kiosk/{uuid}/scan`) must find `/assets/...`, so the base goes back to the root.
 */
const servedFromRoot: Plugin = { name: 'arrivals:served-from-root', config: () => ({ base: '/' }) };

export default defineConfig({
  // The desktop shell (electron/README.md). The server's dependencies stay external and load from node_modules.
  main: {
    build: {
      outDir: 'out/main',
      lib: { entry: 'electron/main/index.ts' },
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
  renderer: {
    root: 'renderer',
    plugins: [react(), servedFromRoot],
    build: {
      // The browser tests build into a directory of their own, so a build running beside them cannot pull files
      // from under their servers.
      outDir: process.env.ARRIVALS_RENDERER_OUT_DIR || 'out/renderer',
      emptyOutDir: true,
      // Browsers on the venue LAN open the kiosk too, not only the desktop shell's Chromium.
      target: 'es2022',
      minify: true,
      rollupOptions: { input: 'renderer/index.html' },
    },
  },
});
