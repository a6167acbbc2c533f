import type { ReactNode } from 'react';

/**
 * A dashboard list as a table: its caption (the page's title) for screen readers, a heading per column and, when the
 * rows end in a button, a last heading only screen readers hear. `children` are the rows.
 */
export function ListTable({
  caption,
  columns,
  actionsHeading,
  className,
  children,
}: {
  caption: string;
  columns: readonly string[];
  actionsHeading?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <table className={className ? `dtable ${className}` : 'dtable'}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          {actionsHeading && (
            <th scope="col">
              <span className="visually-hidden">{actionsHeading}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * A row's last cell with its one button. The button says `label` on screen; screen readers also hear `subject`,
 * the row it acts on ("Delete Front desk"), since every row's button says the same. While `busy` it does nothing.
 */
export function RowActionCell({
  label,
  subject,
  danger = false,
  busy = false,
  onClick,
}: {
  label: string;
  subject: string;
  danger?: boolean;
  busy?: boolean;
  onClick: () => void;
}) {
  return (
    <td>
      <div className="dtable-actions">
        <button
          type="button"
          className={danger ? 'dbutton dbutton--danger' : 'dbutton'}
          aria-disabled={busy || undefined}
          onClick={() => !busy && onClick()}
        >
          {label}
          <span className="visually-hidden"> {subject}</span>
        </button>
      </div>
    </td>
  );
}
