import { format, t } from '../../shared/i18n/index.ts';
import type { ApiToken } from '../api/developers.ts';

const words = t.dashboard.developers.tokens;

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
    <table className="dtable">
      <caption className="visually-hidden">{words.title}</caption>
      <thead>
        <tr>
          <th scope="col">{words.name}</th>
          <th scope="col">{words.access}</th>
          <th scope="col">{words.created}</th>
          <th scope="col">{words.lastUsed}</th>
          <th scope="col">{words.expires}</th>
          <th scope="col">
            <span className="visually-hidden">{words.delete}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <tr key={token.id} data-testid="token-row">
            <th scope="row">{token.name}</th>
            <td>
              <span className="token-scopes">{token.scopes.join(' ')}</span>
              <span className="muted token-events">
                {token.event_ids === null ? words.allEvents : words.someEvents(token.event_ids.length)}
              </span>
            </td>
            <td>{when(token.created_at)}</td>
            <td>{when(token.last_used_at)}</td>
            <td>{when(token.expires_at)}</td>
            <td>
              <div className="dtable-actions">
                <button type="button" className="dbutton dbutton--danger" onClick={() => onDelete(token)}>
                  {words.delete}
                  <span className="visually-hidden"> {token.name}</span>
                </button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
