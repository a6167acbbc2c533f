import { t, wordsOf } from '../../shared/i18n/index.ts';

const words = wordsOf(() => t.dashboard.desk.table);

/**
 * Previous and next, and where we are; hidden when everything fits on one page. At either end the button is
 * aria-disabled rather than disabled, so it keeps the keyboard focus it had.
 */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1 && page <= 1) return null;
  const first = page <= 1;
  const last = page >= pages;
  return (
    <nav className="dactions desk-pager" aria-label={words.pages}>
      <button
        type="button"
        className="dbutton"
        aria-disabled={first || undefined}
        onClick={() => !first && onPage(Math.min(page - 1, pages))}
      >
        {words.previous}
      </button>
      <span>{words.pageOf(page, Math.max(pages, 1))}</span>
      <button
        type="button"
        className="dbutton"
        aria-disabled={last || undefined}
        onClick={() => !last && onPage(page + 1)}
      >
        {words.next}
      </button>
    </nav>
  );
}
