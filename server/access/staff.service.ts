import { randomBytes } from 'node:crypto';
import type { StaffRole } from '../contract/vocabulary.ts';
import { seedDemoContent } from '../demo/demo.service.ts';
import { toTimestamp } from '../platform/time.ts';
import type { Store } from '../store.ts';
import type { StaffAccount } from './access.types.ts';
import {
  hashOfflinePassword,
  hashPassword,
  isPasswordHash,
  verifyAgainstDecoy,
  verifyPassword,
} from './passwords.ts';
import { generateSetupCode, hashApiToken, setupCodeMatches } from './secrets.ts';
import { isSessionLive, sessionExpiryFrom, shouldExtendSession } from './session.rules.ts';
import { slugCandidates } from './setup.rules.ts';
import type { Organization } from '../organizations/organization.types.ts';

export interface SetupRequest {
  organizationName: string;
  name: string;
  email: string;
  password: string;
  loadDemo: boolean;
  /** The organizer's time zone for the demo event (their browser's); null for the machine's. */
  timezone?: string | null;
  /** What was typed as the setup code, if anything. */
  setupCode: string | null;
  /** Whether the request comes from this machine itself, which needs no setup code. */
  fromThisMachine: boolean;
}

export type SetupOutcome =
  | { ok: true; owner: StaffAccount }
  | { ok: false; reason: 'already_set_up' | 'setup_code_required' | 'wrong_setup_code' };

export type CreateStaffOutcome = { ok: true; staff: StaffAccount } | { ok: false; reason: 'email_taken' };

export type UpdateStaffOutcome = { ok: true; staff: StaffAccount } | { ok: false; reason: 'last_owner' };

export type RemoveStaffOutcome = { ok: true } | { ok: false; reason: 'cannot_remove_self' };

/** A new session: the cookie's value (shown to the browser once) and how long it lives. */
export interface NewSession {
  value: string;
  maxAgeSeconds: number;
}

/**
 * The account a session cookie signs in, and, when this request moved the session's expiry on, how long the
 * cookie should now live (null when it did not, so the cookie is not rewritten on every request).
 */
export interface LiveSession {
  staff: StaffAccount;
  renewedMaxAgeSeconds: number | null;
}

const secondsBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / 1000);

export interface StaffServiceOptions {
  /**
   * On a device (a replica kiosk): asks its hub whether the password is the account's, when this device cannot tell
   * (an owner, whose credential never leaves the hub; staff whose offline credential has not arrived yet). False
   * when the hub refuses it or cannot be reached (sync/hub-session.http.ts).
   */
  confirmUpstream?: (email: string, password: string) => Promise<boolean>;
}

/**
 * The offline credential an account of `role` gets for `password`: staff get one, owners never (docs/sync.md,
 * "Signing in on a kiosk").
 */
const offlineCredentialFor = (role: StaffRole, password: string): Promise<string | null> =>
  role === 'staff' ? hashOfflinePassword(password) : Promise.resolve(null);

/**
 * Staff accounts of the dashboard: first-run setup, sign-in and sessions, and owners managing the accounts. A
 * session is stored as the SHA-256 of its cookie's value.
 */
export function staffService(store: Store, options: StaffServiceOptions = {}) {
  const { repos, clock } = store;
  const now = () => toTimestamp(clock.now());
  let setupCode: string | null = null;

  /** Setup is for the first account: while none exists, even where organizations do (`arrivals demo` makes one). */
  function needsSetup(): boolean {
    return repos.staff.count() === 0;
  }

  /**
   * Makes the one-time setup code, while setup is needed; the app calls this once as it starts. Only in memory: a
   * restart makes a new one, which is printed again.
   */
  function issueSetupCode(): string | null {
    setupCode = needsSetup() ? generateSetupCode() : null;
    return setupCode;
  }

  /** The setup code to show where the server was started (its console, the desktop app's staff screen). */
  function currentSetupCode(): string | null {
    return needsSetup() ? setupCode : null;
  }

  /**
   * The organization the first owner belongs to: the only one when exactly one exists (made by `arrivals demo` or
   * `org create`), renamed as setup asks but keeping its slug, which kiosk links and tokens already use; otherwise
   * a new one.
   */
  function organizationForFirstOwner(name: string): { organization: Organization; isNew: boolean } {
    const existing = repos.organizations.list();
    if (existing.length === 1) {
      return { organization: repos.organizations.rename(existing[0]!.id, name), isNew: false };
    }
    for (const slug of slugCandidates(name)) {
      const organization = repos.organizations.create(name, slug, now());
      if (organization) return { organization, isNew: true };
    }
    throw new Error('unreachable: slug candidates never run out');
  }

  /** The first owner (and their organization, with demo content if asked), only while no staff account exists. */
  async function setUp(request: SetupRequest): Promise<SetupOutcome> {
    // Every cheap refusal comes before the password hash, which costs 128 MiB and ~100 ms.
    if (!needsSetup()) return { ok: false, reason: 'already_set_up' };
    if (!request.fromThisMachine) {
      if (!request.setupCode) return { ok: false, reason: 'setup_code_required' };
      if (setupCode === null || !setupCodeMatches(request.setupCode, setupCode)) {
        return { ok: false, reason: 'wrong_setup_code' };
      }
    }
    const passwordHash = await hashPassword(request.password);
    const owner = store.inTransaction(() => {
      if (!needsSetup()) return null;
      const { organization, isNew } = organizationForFirstOwner(request.organizationName);
      const staff = repos.staff.create(
        {
          organizationId: organization.id,
          name: request.name,
          email: request.email,
          passwordHash,
          offlineHash: null,
          role: 'owner',
        },
        now(),
      )!;
      // An organization that has events already (the demo's, or its own) is not given a second demo event.
      const isEmpty = isNew || repos.events.listForOrganization(organization.id).length === 0;
      if (request.loadDemo && isEmpty) {
        seedDemoContent(store, organization, { timezone: request.timezone ?? undefined });
      }
      return staff;
    });
    if (!owner) return { ok: false, reason: 'already_set_up' };
    setupCode = null;
    return { ok: true, owner };
  }

  /**
   * The account, when the password is its own. An unknown email costs as much time as a wrong password. An account
   * is checked against the password set here, else (an account a hub's feed made) its offline credential, else its
   * hub is asked (`confirmUpstream`). A staff member of this node who signs in with their own password gets an
   * offline credential if they have none yet (an account from before they existed, or an owner made staff).
   */
  async function signIn(email: string, password: string): Promise<StaffAccount | null> {
    const staff = repos.staff.findByEmail(email);
    if (!staff) {
      await verifyAgainstDecoy(password);
      return null;
    }
    const ownPassword = isPasswordHash(staff.passwordHash);
    const verifier = ownPassword ? staff.passwordHash : staff.offlineHash;
    if (verifier !== null && (await verifyPassword(password, verifier))) {
      if (ownPassword && staff.role === 'staff' && staff.offlineHash === null) {
        const offlineHash = await hashOfflinePassword(password);
        repos.staff.setOfflineHash(staff.id, offlineHash);
        return { ...staff, offlineHash };
      }
      return staff;
    }
    if (options.confirmUpstream) return (await options.confirmUpstream(email, password)) ? staff : null;
    if (verifier === null) await verifyAgainstDecoy(password);
    return null;
  }

  function startSession(staff: StaffAccount): NewSession {
    const value = randomBytes(32).toString('base64url');
    const at = clock.now();
    const expiresAt = sessionExpiryFrom(at);
    repos.staff.removeExpiredSessions(toTimestamp(at));
    repos.staff.createSession(hashApiToken(value), staff.id, toTimestamp(at), toTimestamp(expiresAt));
    return { value, maxAgeSeconds: secondsBetween(at, expiresAt) };
  }

  /**
   * The signed-in account of a session cookie's value, sliding the session's expiry while it is used, up to the
   * session's absolute lifetime.
   */
  function staffOfSession(value: string): LiveSession | null {
    const session = repos.staff.findSession(hashApiToken(value));
    const at = clock.now();
    if (!session || !isSessionLive(session, at)) return null;
    if (!shouldExtendSession(session, at)) return { staff: session.staff, renewedMaxAgeSeconds: null };
    const expiresAt = sessionExpiryFrom(at, new Date(session.createdAt));
    repos.staff.extendSession(session.sessionId, toTimestamp(at), toTimestamp(expiresAt));
    return { staff: session.staff, renewedMaxAgeSeconds: secondsBetween(at, expiresAt) };
  }

  function endSession(value: string): void {
    repos.staff.removeSession(hashApiToken(value));
  }

  function listStaff(organizationId: number): StaffAccount[] {
    return repos.staff.listForOrganization(organizationId);
  }

  /** An account of the organization; another organization's is null, as if there were none. */
  function findStaff(organizationId: number, uuid: string): StaffAccount | null {
    const staff = repos.staff.findByUuid(uuid);
    return staff?.organizationId === organizationId ? staff : null;
  }

  async function createStaff(
    organizationId: number,
    account: { name: string; email: string; password: string; role: StaffRole },
  ): Promise<CreateStaffOutcome> {
    const [passwordHash, offlineHash] = await Promise.all([
      hashPassword(account.password),
      offlineCredentialFor(account.role, account.password),
    ]);
    const created = repos.staff.create(
      {
        organizationId,
        name: account.name,
        email: account.email,
        passwordHash,
        offlineHash,
        role: account.role,
      },
      now(),
    );
    return created ? { ok: true, staff: created } : { ok: false, reason: 'email_taken' };
  }

  /**
   * Renames, changes the role or resets the password. The last owner cannot be demoted; a new password signs the
   * account out everywhere, except the session `actorSession` (the cookie value of the request) when the actor
   * changes their own: whoever knew the old password is out, the person who just changed it is not.
   */
  async function updateStaff(
    actor: StaffAccount,
    staff: StaffAccount,
    changes: { name?: string; role?: StaffRole; password?: string },
    actorSession: string | null,
  ): Promise<UpdateStaffOutcome> {
    const role = changes.role ?? staff.role;
    const [passwordHash, offlineHash] = changes.password
      ? await Promise.all([hashPassword(changes.password), offlineCredentialFor(role, changes.password)])
      : // Made owner, the offline credential goes; made staff, there is none until the hub sees the password.
        [staff.passwordHash, role === staff.role ? staff.offlineHash : null];
    return store.inTransaction((): UpdateStaffOutcome => {
      const demotesLastOwner =
        changes.role === 'staff' &&
        staff.role === 'owner' &&
        repos.staff.countOwners(staff.organizationId) === 1;
      if (demotesLastOwner) return { ok: false, reason: 'last_owner' };
      const updated = repos.staff.update(
        { ...staff, name: changes.name ?? staff.name, role, passwordHash, offlineHash },
        now(),
      );
      if (changes.password) {
        if (staff.id === actor.id && actorSession !== null) {
          repos.staff.removeOtherSessionsOf(staff.id, hashApiToken(actorSession));
        } else {
          repos.staff.removeSessionsOf(staff.id);
        }
      }
      return { ok: true, staff: updated };
    });
  }

  function removeStaff(actor: StaffAccount, staff: StaffAccount): RemoveStaffOutcome {
    if (staff.id === actor.id) return { ok: false, reason: 'cannot_remove_self' };
    repos.staff.remove(staff.id);
    return { ok: true };
  }

  return {
    needsSetup,
    issueSetupCode,
    setupCode: currentSetupCode,
    setUp,
    signIn,
    startSession,
    staffOfSession,
    endSession,
    listStaff,
    findStaff,
    createStaff,
    updateStaff,
    removeStaff,
  };
}

export type StaffService = ReturnType<typeof staffService>;
