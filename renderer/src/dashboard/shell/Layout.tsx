import { useState, type ReactNode } from 'react';
import { t } from '../../shared/i18n/index.ts';
import { followLink, paths, type DashboardPage } from '../../shared/router.ts';
import { DashboardLanguageSwitch } from './DashboardLanguageSwitch.tsx';
import { useSession } from './session.tsx';

type NavWord = 'events' | 'people' | 'staff' | 'sync' | 'mail' | 'tokens' | 'webhooks' | 'lanIntegrations';

interface NavItem {
  page: DashboardPage;
  /** Its name in `t.dashboard.nav`, read while rendering (the language can change). */
  label: NavWord;
  /** The pages that light this item up. */
  section: DashboardPage['name'][];
  ownerOnly?: boolean;
}

const NAV: NavItem[] = [
  {
    page: { name: 'events' },
    label: 'events',
    section: ['events', 'event-new', 'event', 'desk', 'import'],
  },
  {
    page: { name: 'people' },
    label: 'people',
    section: ['people', 'person-new', 'person'],
    ownerOnly: true,
  },
  { page: { name: 'staff' }, label: 'staff', section: ['staff'], ownerOnly: true },
  { page: { name: 'sync' }, label: 'sync', section: ['sync'], ownerOnly: true },
  { page: { name: 'mail' }, label: 'mail', section: ['mail'], ownerOnly: true },
  { page: { name: 'tokens' }, label: 'tokens', section: ['tokens'], ownerOnly: true },
  {
    page: { name: 'webhooks' },
    label: 'webhooks',
    section: ['webhooks', 'webhook'],
    ownerOnly: true,
  },
  {
    page: { name: 'lan-integrations' },
    label: 'lanIntegrations',
    section: ['lan-integrations'],
    ownerOnly: true,
  },
];

/**
 * The signed-in frame: the organization, the sections (Developers grouped), who is signed in, sign-out. On a
 * phone or a narrow tablet the sections fold into a menu button (dashboard.css), so the page keeps the width.
 */
export function Layout({ current, children }: { current: DashboardPage; children: ReactNode }) {
  const { session, isOwner, signOut } = useSession();
  // The page the menu was opened on: following a link closes it, so the page it opened is what shows.
  const here = paths.dashboard(current);
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === here;
  const items = NAV.filter((item) => isOwner || !item.ownerOnly);
  const link = (item: NavItem) => (
    <li key={item.page.name}>
      <a
        href={paths.dashboard(item.page)}
        onClick={followLink}
        aria-current={item.section.includes(current.name) ? 'page' : undefined}
      >
        {t.dashboard.nav[item.label]}
      </a>
    </li>
  );
  const developerPages: DashboardPage['name'][] = ['tokens', 'webhooks', 'lan-integrations'];
  const main = items.filter((item) => !developerPages.includes(item.page.name));
  const developers = items.filter((item) => developerPages.includes(item.page.name));
  return (
    <div className="dashboard">
      <a className="skip-link" href="#content">
        {t.dashboard.skipToContent}
      </a>
      <header className="dheader">
        <p className="dheader-title">
          <strong>{session.organization.name}</strong>
          <span>{t.dashboard.title}</span>
        </p>
        <button
          type="button"
          className="dbutton dmenu-toggle"
          aria-expanded={menuOpen}
          aria-controls="dashboard-nav"
          onClick={() => setMenuOpenOn(menuOpen ? null : here)}
        >
          {t.dashboard.nav.menu}
        </button>
        <DashboardLanguageSwitch />
        <p className="dheader-user">
          {t.dashboard.nav.signedInAs(session.staff.name, t.dashboard.nav.roles[session.staff.role] ?? '')}
        </p>
        <button type="button" className="dbutton" onClick={() => void signOut()}>
          {t.dashboard.nav.signOut}
        </button>
      </header>
      <div className="dbody">
        <nav
          id="dashboard-nav"
          className={`dnav${menuOpen ? ' dnav--open' : ''}`}
          aria-label={t.dashboard.nav.label}
        >
          <ul>{main.map(link)}</ul>
          {developers.length > 0 && (
            <>
              <p className="dnav-group" id="nav-developers">
                {t.dashboard.nav.developers}
              </p>
              <ul aria-labelledby="nav-developers">{developers.map(link)}</ul>
            </>
          )}
          <ul>
            <li>
              {/* The kiosk's pages are a page of their own, loaded from the server. */}
              <a href={paths.start()}>{t.dashboard.nav.kiosk}</a>
            </li>
          </ul>
        </nav>
        <main id="content" className="dmain" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
