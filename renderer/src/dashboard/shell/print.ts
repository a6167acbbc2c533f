/**
 * Prints with `htmlClass` on the page's root, which the print sheet uses to put one thing alone on paper (a
 * check-in code, an event's poster): the class is there while the browser's print dialog is open.
 */
export function printAlone(htmlClass: string): void {
  document.documentElement.classList.add(htmlClass);
  try {
    // Returns when the print dialog closes.
    window.print();
  } finally {
    document.documentElement.classList.remove(htmlClass);
  }
}
