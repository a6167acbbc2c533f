// Vite's `?raw` imports: a file's text, bundled into the main process (the staff page's files).
declare module '*?raw' {
  const text: string;
  export default text;
}
