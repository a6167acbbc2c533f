import { describeFailure, Loading, Problem } from '../../shared/components/Status.tsx';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { followLink, paths } from '../../shared/router.ts';
import { peopleApi, personName, type Person } from '../api/people.ts';
import { Pill } from '../shell/controls.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { useDashboardLoad } from '../shell/session.tsx';
import './people.css';

const words = wordsOf(() => t.dashboard.people);

/** `/dashboard/people`, owners only: everyone with a profile, and whether it is public. */
export function PeoplePage() {
  const load = useDashboardLoad((signal) => peopleApi.list(signal), []);
  return (
    <>
      <PageHeader
        title={words.title}
        intro={words.intro}
        actions={
          <a
            className="dbutton dbutton--primary"
            href={paths.dashboard({ name: 'person-new' })}
            onClick={followLink}
          >
            {words.newPerson}
          </a>
        }
      />
      {load.status === 'loading' && <Loading />}
      {load.status === 'failed' && <Problem message={describeFailure(load.error)} />}
      {load.status === 'ready' &&
        (load.data.length === 0 ? <p>{words.none}</p> : <PeopleTable people={load.data} />)}
    </>
  );
}

function PeopleTable({ people }: { people: Person[] }) {
  return (
    <table className="dtable">
      <caption className="visually-hidden">{words.title}</caption>
      <thead>
        <tr>
          <th scope="col">{words.list.name}</th>
          <th scope="col">{words.list.email}</th>
          <th scope="col">{words.list.profile}</th>
        </tr>
      </thead>
      <tbody>
        {people.map((person) => (
          <tr key={person.id}>
            <th scope="row">
              <a href={paths.dashboard({ name: 'person', userId: person.id })} onClick={followLink}>
                {personName(person) || (
                  <>
                    {words.list.noName}
                    <span className="visually-hidden"> {person.email}</span>
                  </>
                )}
              </a>
            </th>
            <td>{person.email}</td>
            <td data-label={words.list.profile}>
              <Pill tone={person.profile_public ? 'good' : undefined}>
                {person.profile_public ? words.list.public : words.list.private}
              </Pill>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
