// Vite's `?raw` imports: a file's text, bundled into the main process (the staff page's files).
declare module '*?raw' {
  const text: string;
  export default text;
}

// electron/page-script.ts: a page's TypeScript bundled into one classic script, as its text.
declare module '*?page-script' {
  const script: string;
  export default script;
}
