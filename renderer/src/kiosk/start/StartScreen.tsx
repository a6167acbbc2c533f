import { describeFailure, Loading, Problem } from '../../shared/components/Status.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { t } from '../../shared/i18n/index.ts';
import { followLink, paths } from '../../shared/router.ts';
import { kioskApi } from '../api.ts';
import { EventList } from './EventList.tsx';
import { SoundToggle } from './SoundToggle.tsx';

/**
 * `/`: staff pick the event this kiosk runs. A server usually hosts one organization, whose events show at once;
 * with several, staff pick the organization first.
 */
export function StartScreen() {
  const load = useLoad(async (signal) => {
    const organizations = await kioskApi.organizations(signal);
    const only = organizations.length === 1 ? organizations[0]! : null;
    return { organizations, events: only ? await kioskApi.organizationEvents(only.slug, signal) : null };
  }, []);
  const heading = useFocusOnMount<HTMLHeadingElement>();

  if (load.status === 'loading') return <Loading />;
  if (load.status === 'failed') return <Problem message={describeFailure(load.error)} />;
  const { organizations, events } = load.data;
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {events || organizations.length === 0 ? t.start.title : t.start.organizationsTitle}
      </h1>
      <p className="lead">{t.start.intro}</p>
      <SoundToggle />
      {organizations.length === 0 && <p className="lead">{t.start.noEvents}</p>}
      {events && <EventList events={events} />}
      {!events && organizations.length > 0 && (
        <ul className="event-list">
          {organizations.map((organization) => (
            <li key={organization.slug}>
              <a className="event-card" href={paths.organization(organization.slug)} onClick={followLink}>
                <span className="event-card-name">{organization.name}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** `/org/{slug}`: the events of one organization, when the server hosts several. */
export function OrganizationScreen({ slug }: { slug: string }) {
  const load = useLoad((signal) => kioskApi.organizationEvents(slug, signal), [slug]);
  const heading = useFocusOnMount<HTMLHeadingElement>();

  if (load.status === 'loading') return <Loading />;
  if (load.status === 'failed') {
    return (
      <Problem
        message={load.error.status === 404 ? t.start.organizationNotFound : describeFailure(load.error)}
      >
        <a className="button button--secondary" href={paths.start()} onClick={followLink}>
          {t.app.goToStart}
        </a>
      </Problem>
    );
  }
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {t.start.title}
      </h1>
      <p className="lead">{t.start.intro}</p>
      <SoundToggle />
      <EventList events={load.data} />
    </>
  );
}
