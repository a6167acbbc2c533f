import { useState } from 'react';
import type { LocalizedRegistrationField } from '../../shared/api/types.ts';
import { describeFailure, Loading } from '../../shared/components/Status.tsx';
import { t, useLanguage, wordsOf } from '../../shared/i18n/index.ts';
import { fieldsInLanguage } from '../../shared/registration-form/localized-fields.ts';
import { listsApi, type CheckInList } from '../api/lists.ts';
import { ConfirmDialog } from '../shell/ConfirmDialog.tsx';
import { Notice, Pill, useSubmit } from '../shell/controls.tsx';
import { useDashboardLoad, useExpireOn401 } from '../shell/session.tsx';
import { explainList } from './list-draft.ts';
import { DoorLinks } from './DoorLinks.tsx';
import { ListForm } from './ListForm.tsx';
import './lists.css';

const words = wordsOf(() => t.dashboard.lists);

/** Which form is open: none, a new list's, or one list's (by id). */
type Editing = null | 'new' | string;

/**
 * The event editor's "Check-in lists" (owners): every list of the event with its rules in plain words, how many are
 * inside, its kiosks and its export; add, edit and delete, each saved on its own (the event's form is not involved).
 */
export function CheckInListsSection({
  eventId,
  timeZone,
  fields,
}: {
  eventId: string;
  timeZone: string;
  fields: readonly LocalizedRegistrationField[];
}) {
  const [version, setVersion] = useState(0);
  const load = useDashboardLoad((signal) => listsApi.lists(eventId, signal), [eventId, version]);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CheckInList | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const removal = useSubmit();
  const isApiError = useExpireOn401();
  const shownFields = fieldsInLanguage(fields, useLanguage());

  const saved = (list: CheckInList, created: boolean) => {
    setEditing(null);
    setNotice(created ? words.created(list.name) : words.saved(list.name));
    setVersion((v) => v + 1);
  };
  const remove = async (list: CheckInList) => {
    const done = await removal.run(() => listsApi.remove(eventId, list.id), isApiError);
    setDeleting(null);
    if (!done) return;
    setNotice(words.deleted(list.name));
    setVersion((v) => v + 1);
  };

  return (
    <section className="dsection event-lists" aria-labelledby="event-lists">
      <h2 id="event-lists">{words.heading}</h2>
      <p className="muted">{words.intro}</p>
      {notice && !removal.failure && <Notice tone="success">{notice}</Notice>}
      {removal.failure && <Notice tone="error">{removal.failure}</Notice>}
      {load.status === 'loading' && <Loading />}
      {load.status === 'failed' && <Notice tone="error">{describeFailure(load.error)}</Notice>}
      {load.status === 'ready' && (
        <>
          <ul className="list-cards">
            {load.data.map((list) =>
              editing === list.id ? (
                <li key={list.id} className="list-card">
                  <ListForm
                    eventId={eventId}
                    list={list}
                    timeZone={timeZone}
                    fields={shownFields}
                    onSaved={(next) => saved(next, false)}
                    onCancel={() => setEditing(null)}
                  />
                </li>
              ) : (
                <ListCard
                  key={list.id}
                  eventId={eventId}
                  list={list}
                  lines={explainList(list, shownFields, timeZone)}
                  onEdit={() => {
                    setNotice(null);
                    setEditing(list.id);
                  }}
                  onDelete={() => setDeleting(list)}
                />
              ),
            )}
          </ul>
          {editing === 'new' ? (
            <div className="list-card">
              <ListForm
                eventId={eventId}
                list={null}
                timeZone={timeZone}
                fields={shownFields}
                onSaved={(next) => saved(next, true)}
                onCancel={() => setEditing(null)}
              />
            </div>
          ) : (
            <button
              type="button"
              className="dbutton dbutton--primary"
              onClick={() => {
                setNotice(null);
                setEditing('new');
              }}
            >
              {words.add}
            </button>
          )}
        </>
      )}
      {deleting && (
        <ConfirmDialog
          title={words.confirmDeleteTitle}
          confirmLabel={words.delete}
          danger
          busy={removal.busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>{words.confirmDelete(deleting.name)}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function ListCard({
  eventId,
  list,
  lines,
  onEdit,
  onDelete,
}: {
  eventId: string;
  list: CheckInList;
  lines: string[];
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="list-card" data-testid="check-in-list">
      <h3 className="list-card-name">
        {list.name} {list.is_default && <Pill>{words.default}</Pill>}
      </h3>
      <p className="list-card-inside" data-testid="list-inside-now">
        {words.explain.insideNow(list.inside_now, list.capacity)}
      </p>
      <ul className="list-card-rules">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {list.is_default && <p className="muted">{words.defaultFixed}</p>}
      <div className="dactions">
        <button type="button" className="dbutton" onClick={onEdit}>
          {words.edit}
          <span className="visually-hidden"> {list.name}</span>
        </button>
        {!list.is_default && (
          <button type="button" className="dbutton dbutton--danger" onClick={onDelete}>
            {words.delete}
            <span className="visually-hidden"> {list.name}</span>
          </button>
        )}
        <a className="dbutton" href={listsApi.exportUrl(eventId, list.id)} download>
          {words.exportCsv}
          <span className="visually-hidden"> {list.name}</span>
        </a>
      </div>
      <DoorLinks eventId={eventId} list={list} />
    </li>
  );
}
