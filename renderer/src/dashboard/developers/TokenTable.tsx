import { format, t, wordsOf } from '../../shared/i18n/index.ts';
import type { ApiToken } from '../api/developers.ts';
import { ListTable, RowActionCell } from '../shell/ListTable.tsx';

const words = wordsOf(() => t.dashboard.developers.tokens);

const when = (iso: string | null) => (iso ? format.dateTime(iso) : t.dashboard.never);

/** The organization's tokens: name, what they reach, created, last used, expires; a delete button each. */
export function TokenTable({
  tokens,
  onDelete,
}: {
  tokens: ApiToken[];
  onDelete: (token: ApiToken) => void;
}) {
  return (
    <ListTable
      caption={words.title}
      columns={[words.name, words.access, words.created, words.lastUsed, words.expires]}
      actionsHeading={words.delete}
    >
      {tokens.map((token) => (
        <tr key={token.id} data-testid="token-row">
          <th scope="row">{token.name}</th>
          <td data-label={words.access}>
            <span className="token-scopes">{token.scopes.join(' ')}</span>
            <span className="muted token-events">
              {token.event_ids === null ? words.allEvents : words.someEvents(token.event_ids.length)}
            </span>
          </td>
          <td data-label={words.created}>{when(token.created_at)}</td>
          <td data-label={words.lastUsed}>{when(token.last_used_at)}</td>
          <td data-label={words.expires}>{when(token.expires_at)}</td>
          <RowActionCell label={words.delete} subject={token.name} danger onClick={() => onDelete(token)} />
        </tr>
      ))}
    </ListTable>
  );
}
