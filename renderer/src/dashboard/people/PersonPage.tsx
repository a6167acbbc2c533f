import { useEffect, useState, type FormEvent } from 'react';
import { describeFailure, Loading, Problem } from '../../shared/components/Status.tsx';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { followLink, navigate, paths } from '../../shared/router.ts';
import { peopleApi, personName, type Person } from '../api/people.ts';
import { Notice, useSubmit } from '../shell/controls.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { useDashboardLoad, useExpireOn401 } from '../shell/session.tsx';
import { personDraft, personInput, type PersonDraft } from './person-draft.ts';
import { PersonForm } from './PersonForm.tsx';
import { ProfileQrCard } from './ProfileQrCard.tsx';
import './people.css';

const words = wordsOf(() => t.dashboard.people);

/**
 * What to say on the page a new person lands on: creating one moves to their own address, which mounts a new
 * page (DashboardApp keys it by person), so the notice waits here for it.
 */
let noticeForNextPage: string | null = null;

/** `/dashboard/people/new` and `/dashboard/people/{id}`, owners only: a person, their profile and its QR code. */
export function PersonPage({ userId }: { userId?: string }) {
  if (!userId) return <PersonEditor person={null} />;
  return <ExistingPerson userId={userId} />;
}

function ExistingPerson({ userId }: { userId: string }) {
  const load = useDashboardLoad((signal) => peopleApi.get(userId, signal), [userId]);
  if (load.status === 'loading') return <Loading />;
  if (load.status === 'failed') return <Problem message={describeFailure(load.error)} />;
  return <PersonEditor person={load.data} />;
}

function PersonEditor({ person: loaded }: { person: Person | null }) {
  const [person, setPerson] = useState(loaded);
  const [draft, setDraft] = useState<PersonDraft>(() => personDraft(loaded));
  const [notice, setNotice] = useState<string | null>(() => noticeForNextPage);
  useEffect(() => {
    noticeForNextPage = null;
  }, []);
  const [refusals, setRefusals] = useState(0);
  const submit = useSubmit();
  const isApiError = useExpireOn401();

  // After a refusal the cursor goes to the first problem.
  useEffect(() => {
    if (refusals > 0) document.querySelector<HTMLElement>('.person-form [aria-invalid="true"]')?.focus();
  }, [refusals]);

  const change = (patch: Partial<PersonDraft>) => {
    setNotice(null);
    setDraft((current) => ({ ...current, ...patch }));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (submit.busy) return;
    setNotice(null);
    const input = personInput(draft);
    const saved = await submit.run(
      () => (person ? peopleApi.update(person.id, input) : peopleApi.create(input)),
      (error) => {
        if (!isApiError(error)) return false;
        setRefusals((n) => n + 1);
        return true;
      },
    );
    if (!saved) return;
    const name = personName(saved) || saved.email;
    if (!person) {
      noticeForNextPage = words.form.created(name);
      navigate(paths.dashboard({ name: 'person', userId: saved.id }), { replace: true });
      return;
    }
    setPerson(saved);
    setDraft(personDraft(saved));
    setNotice(words.form.saved(name));
  };

  const failure = submit.failure === t.dashboard.fixProblems ? words.form.fixProblems : submit.failure;

  return (
    <>
      <PageHeader
        title={person ? personName(person) || person.email : words.form.newTitle}
        intro={words.form.intro}
        actions={
          <a className="dbutton" href={paths.dashboard({ name: 'people' })} onClick={followLink}>
            {words.form.back}
          </a>
        }
      />
      {notice && <Notice tone="success">{notice}</Notice>}
      {failure && <Notice tone="error">{failure}</Notice>}
      <div className="person-page">
        <PersonForm
          draft={draft}
          change={change}
          error={submit.error}
          submitLabel={person ? words.form.save : words.form.create}
          busy={submit.busy}
          onSubmit={(e) => void save(e)}
        />
        {person ? <ProfileQrCard person={person} /> : <p className="muted">{words.qr.afterSave}</p>}
      </div>
    </>
  );
}
