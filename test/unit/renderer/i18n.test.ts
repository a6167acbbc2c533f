import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fieldMessage } from '../../../server/platform/field-errors.ts';
import { messages } from '../../../server/platform/messages.ts';
import { formatHumanDateTime } from '../../../server/platform/time.ts';
import { en } from '../../../renderer/src/shared/i18n/en.ts';
import { fr } from '../../../renderer/src/shared/i18n/fr.ts';
import { dashboardLanguage } from '../../../renderer/src/shared/i18n/dashboard-language.ts';
import {
  activateLanguage,
  format,
  languageOf,
  t,
  wordsOf,
  type Catalogue,
} from '../../../renderer/src/shared/i18n/index.ts';
import {
  dashboardFieldText,
  fieldRefusalText,
  localCheckInTime,
  refusalText,
  serverText,
} from '../../../renderer/src/shared/i18n/refusals.ts';
import { defaultLanguage, readChoice } from '../../../renderer/src/kiosk/shell/language-rules.ts';
// The catalogues' `dashboard`, as the dashboard's script installs it.
import '../../../renderer/src/dashboard/words.ts';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

/** Every leaf of a catalogue by its path (`home.register`), functions called with sample arguments. */
function leaves(node: unknown, path = ''): [string, unknown][] {
  if (typeof node !== 'object' || node === null) return [[path, node]];
  return Object.entries(node).flatMap(([key, value]) => leaves(value, path ? `${path}.${key}` : key));
}

/** Every word of a catalogue: the kiosk's, the public pages' and the staff dashboard's (issue 39). */
const kioskWords = (catalogue: Catalogue) => leaves(catalogue);

/** What a French catalogue entry reads as: strings as they are, functions with a few arguments of each kind. */
function frenchTexts(): [string, string][] {
  const texts: [string, string][] = [];
  for (const [path, value] of kioskWords(fr)) {
    if (typeof value === 'string') texts.push([path, value]);
    if (typeof value === 'function') {
      for (const args of [
        ['Société', 20],
        [1, 'Société'],
        [2, 'Société'],
        ['Société', 1],
      ]) {
        const out = (value as (...a: unknown[]) => unknown)(...args);
        if (typeof out === 'string') texts.push([path, out]);
      }
    }
  }
  return texts;
}

/**
 * The satellite's own refusal. Its module is Fastify's side, which the screens' compiler settings (these tests')
 * do not check: it is loaded by a path the compiler does not follow.
 */
const PROXY_ROUTES = '../../../server/satellite/proxy.routes.ts';
let hubUnreachableMessage = '';

beforeAll(async () => {
  ({ HUB_UNREACHABLE_MESSAGE: hubUnreachableMessage } = (await import(/* @vite-ignore */ PROXY_ROUTES)) as {
    HUB_UNREACHABLE_MESSAGE: string;
  });
  // The catalogue switch sets the page's `lang`; these tests run under Node, with no page.
  vi.stubGlobal('document', { documentElement: { lang: 'en' } });
});

afterEach(() => activateLanguage('en'));

describe('the French catalogue (kiosk, public pages and staff dashboard)', () => {
  it('has every key the English one has, and no other, each of the same kind', () => {
    const kinds = (catalogue: Catalogue) =>
      Object.fromEntries(kioskWords(catalogue).map(([path, value]) => [path, typeof value]));
    expect(kinds(fr)).toEqual(kinds(en));
  });

  it('is checked by the compiler: a catalogue without one of the keys is not a Catalogue', () => {
    const { register: _register, ...homeWithoutRegister } = fr.home;
    // @ts-expect-error -- `home.register` is missing: typecheck fails on a partial translation.
    const partial: Catalogue = { ...fr, home: homeWithoutRegister };
    expect(partial.home).not.toHaveProperty('register');
  });

  it('is French: no entry is left as the English words', () => {
    const same = kioskWords(fr)
      .filter(([, value]) => typeof value === 'string')
      .filter(([path, value]) => value === leaves(en).find(([p]) => p === path)?.[1])
      .map(([path]) => path);
    // Words that are the same in both languages; names and labels given as examples; a new event's field labels,
    // which are English and French whatever the dashboard's language.
    expect(same.sort()).toEqual([
      'app.name',
      'dashboard.desk.table.actions',
      'dashboard.desk.table.pages',
      'dashboard.developers.lan.description',
      'dashboard.developers.tokens.expiration',
      'dashboard.developers.webhooks.description',
      'dashboard.developers.webhooks.title',
      'dashboard.events.badges.sampleCompany',
      'dashboard.events.badges.sampleName',
      'dashboard.events.brand.logo',
      'dashboard.events.defaultFields.company',
      'dashboard.events.defaultFields.email',
      'dashboard.events.defaultFields.first_name',
      'dashboard.events.defaultFields.last_name',
      'dashboard.events.defaultFieldsFr.company',
      'dashboard.events.defaultFieldsFr.email',
      'dashboard.events.defaultFieldsFr.first_name',
      'dashboard.events.defaultFieldsFr.last_name',
      'dashboard.events.details.description',
      'dashboard.events.fields.type',
      'dashboard.events.fields.types.date',
      'dashboard.events.list.actions',
      'dashboard.mail.settings.port',
      'dashboard.nav.menu',
      'dashboard.nav.webhooks',
      'dashboard.people.list.public',
      'form.requiredMark',
      'keyboard.accents',
      'keyboard.letters',
    ]);
  });

  it.each(frenchTexts())('%s follows French typography: %s', (_path, text) => {
    // A no-break space before a colon, a narrow one before ; ? ! (never an ordinary one, never none).
    expect(text).not.toMatch(/ [:;?!]/);
    expect(text).not.toMatch(/[^\s\u00a0\u202f][;?!]/);
    expect(text).not.toMatch(/[^\s\u00a0\u202f\d]:(?!\/\/)/);
    // « » with narrow no-break spaces inside, no straight quotes, the typographic apostrophe, the ellipsis.
    expect(text).not.toMatch(/«(?!\u202f)|(?<!\u202f)»/);
    expect(text).not.toMatch(/["']/);
    expect(text).not.toContain('...');
  });

  it('counts in French: 0 and 1 singular, 2 and more plural, large numbers grouped', () => {
    expect(fr.hub.offlineMessage(0)).not.toMatch(/\d/);
    expect(fr.hub.offlineMessage(1)).toMatch(/^1 modification en attente\. /);
    expect(fr.hub.offlineMessage(2)).toMatch(/^2 modifications en attente\. /);
    expect(fr.hub.offlineMessage(1234)).toMatch(new RegExp(`^1${NNBSP}234 modifications en attente\\. `));
    expect(fr.form.problem.too_long('Prénom', 255)).toBe(
      `Le champ «${NNBSP}Prénom${NNBSP}» ne peut pas dépasser 255 caractères.`,
    );
    expect(fr.refusals.field('', { kind: 'too_long', max: 1 }, null)).toBe(
      'Une réponse dépasse 1 caractère.',
    );
    expect(fr.app.returningIn(5)).toBe(`Retour à l’écran d’accueil dans 5${NBSP}s.`);
  });
});

describe('the language a kiosk speaks', () => {
  it('takes ?lang= first, then the browser’s first language it speaks, then English', () => {
    expect(defaultLanguage('?lang=fr', ['en-US'])).toBe('fr');
    expect(defaultLanguage('?idle=90&lang=EN', ['fr-FR'])).toBe('en');
    expect(defaultLanguage('?lang=de', ['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(defaultLanguage('', ['de-DE', 'es'])).toBe('en');
    expect(languageOf('fr_BE')).toBe('fr');
    expect(languageOf('frx')).toBeNull();
  });

  it('keeps an attendee’s choice only for as long as their visit can last', () => {
    const chosen = JSON.stringify({ language: 'fr', at: 1_000 });
    expect(readChoice(chosen, 1_000 + 59_999, 60_000)).toBe('fr');
    expect(readChoice(chosen, 1_000 + 60_000, 60_000)).toBeNull();
    expect(readChoice(chosen, 999, 60_000)).toBeNull();
    expect(readChoice(JSON.stringify({ language: 'xx', at: 1_000 }), 1_000, 60_000)).toBeNull();
    expect(readChoice('not json', 1_000, 60_000)).toBeNull();
    expect(readChoice(null, 1_000, 60_000)).toBeNull();
  });

  it('switches every word and date at once, and the page’s lang', () => {
    activateLanguage('fr');
    expect(t.home.register).toBe('S’inscrire');
    expect(document.documentElement.lang).toBe('fr');
    expect(format.calendarDate('1815-12-10')).toBe('10 décembre 1815');
    activateLanguage('en');
    expect(t.home.register).toBe('Register');
    expect(format.calendarDate('1815-12-10')).toBe('December 10, 1815');
  });
});

/** Each refusal a kiosk can meet, as the server words it (server/platform/messages.ts), with its status. */
const SERVER_REFUSALS: [keyof typeof en.refusals, number, string | (() => string)][] = [
  ['registrationClosed', 403, messages.registrationClosed],
  ['alreadyRegistered', 409, messages.alreadyRegistered],
  ['eventFull', 403, messages.eventFull],
  ['eventNotAvailable', 404, messages.eventNotAvailable],
  ['eventNotFound', 404, messages.eventNotFound],
  ['organizationNotFound', 404, messages.organizationNotFound],
  ['checkInNotAvailable', 403, messages.checkInNotAvailable],
  ['selfCheckInDisabled', 403, messages.selfCheckInDisabled],
  ['notRegistered', 404, messages.notRegistered],
  ['checkInPendingApproval', 403, messages.checkInPendingApproval],
  ['checkInCanceled', 403, messages.checkInCanceled],
  ['codeNotFound', 404, messages.codeNotFound],
  ['findExpired', 404, messages.findExpired],
  ['findNotConfirmed', 403, messages.findNotConfirmed],
  ['findKioskPaused', 429, messages.findKioskPaused],
  ['profileNotFound', 404, messages.profileNotFound],
  ['profilePrivate', 403, messages.profilePrivate],
  ['validationFailed', 422, messages.validationFailed],
  ['emailRequired', 422, messages.emailRequired],
  ['tooManyAttempts', 429, messages.tooManyAttempts],
  ['tooManyProfileRequests', 429, messages.tooManyProfileRequests],
  ['serverError', 500, messages.serverError],
  ['shuttingDown', 503, messages.shuttingDown],
  ['hubUnreachable', 503, () => hubUnreachableMessage],
];

describe('the server’s refusals on the kiosk', () => {
  it('knows every refusal the English catalogue lists, and nothing else', () => {
    const listed = Object.entries(en.refusals).filter(([, words]) => typeof words === 'string');
    expect(listed.map(([key]) => key).sort()).toEqual(SERVER_REFUSALS.map(([key]) => key).sort());
  });

  const said = (message: string | (() => string)) => (typeof message === 'string' ? message : message());

  it.each(SERVER_REFUSALS)(
    '%s (%i) reads in English exactly as the server sent it',
    (_key, status, message) => {
      expect(said(message)).not.toBe('');
      expect(refusalText(status, said(message))).toBe(said(message));
    },
  );

  it.each(SERVER_REFUSALS)('%s (%i) reads in French in the catalogue’s words', (key, status, message) => {
    activateLanguage('fr');
    expect(refusalText(status, said(message))).toBe(fr.refusals[key]);
  });

  it('maps by status and words together: the same words under another status are not that refusal', () => {
    activateLanguage('fr');
    expect(refusalText(404, messages.registrationClosed)).toBe(
      `Nous ne trouvons pas ce que vous cherchez. Veuillez vous adresser à l’équipe de l’événement.`,
    );
  });

  it('tells a refusal it does not know by its status, in French; in English as the server said it', () => {
    expect(refusalText(403, 'Some new refusal.')).toBe('Some new refusal.');
    expect(refusalText(500, '')).toBe(en.app.somethingWrong);
    activateLanguage('fr');
    expect(refusalText(403, 'Some new refusal.')).toBe(
      'Cette action n’est pas possible ici. Veuillez vous adresser à l’équipe de l’événement.',
    );
    expect(refusalText(429, 'Slow down.')).toMatch(/^Trop de demandes/);
    expect(refusalText(502, 'Bad gateway')).toBe(
      'Un problème est survenu de notre côté. Veuillez réessayer.',
    );
  });

  it('gives an earlier check-in’s time in French, in the event’s zone as the server wrote it', () => {
    const said = formatHumanDateTime('2026-11-21T10:05:00Z', 'Europe/Paris');
    const message = messages.alreadyCheckedInAt(said);
    expect(refusalText(409, message)).toBe(message);
    activateLanguage('fr');
    expect(refusalText(409, message)).toBe(
      'Votre arrivée a déjà été enregistrée le 21 novembre 2026 à 11:05.',
    );
    expect(localCheckInTime(formatHumanDateTime('2026-11-21T23:30:00Z', 'UTC'))).toBe(
      '21 novembre 2026 à 23:30',
    );
    expect(localCheckInTime(formatHumanDateTime('2026-11-21T00:30:00Z', 'UTC'))).toBe(
      '21 novembre 2026 à 00:30',
    );
    expect(localCheckInTime(formatHumanDateTime('2026-11-21T12:00:00Z', 'UTC'))).toBe(
      '21 novembre 2026 à 12:00',
    );
    // A time in another form is shown as it came rather than misread.
    expect(localCheckInTime('21/11/2026 10:05')).toBe('21/11/2026 10:05');
  });

  it('reads a field’s 422 message as the problem it names, in French with the field’s label', () => {
    const cases: [string, string][] = [
      [fieldMessage.required('first_name'), `Veuillez renseigner le champ «${NNBSP}Prénom${NNBSP}».`],
      [
        fieldMessage.maxCharacters('first_name', 255),
        `Le champ «${NNBSP}Prénom${NNBSP}» ne peut pas dépasser 255 caractères.`,
      ],
      [fieldMessage.email('first_name'), fr.form.problem.email],
      [fieldMessage.date('first_name'), fr.form.problem.date],
      [
        fieldMessage.selected('first_name'),
        `Veuillez choisir l’une des options du champ «${NNBSP}Prénom${NNBSP}».`,
      ],
      [fieldMessage.taken('first_name'), `Cette valeur du champ «${NNBSP}Prénom${NNBSP}» est déjà utilisée.`],
      [fieldMessage.format('first_name'), `Le champ «${NNBSP}Prénom${NNBSP}» n’est pas valide.`],
      [fieldMessage.string('first_name'), `Le champ «${NNBSP}Prénom${NNBSP}» n’est pas valide.`],
    ];
    for (const [message] of cases) expect(fieldRefusalText(message, 'First name')).toBe(message);
    activateLanguage('fr');
    for (const [message, french] of cases) expect(fieldRefusalText(message, 'Prénom')).toBe(french);
    expect(fieldRefusalText(fieldMessage.taken('email'), null)).toBe('Cette valeur est déjà utilisée.');
    expect(fieldRefusalText(fieldMessage.required('company'), null)).toBe(
      'Veuillez renseigner tous les champs obligatoires.',
    );
  });
});

describe('the staff dashboard in French (issue 39)', () => {
  it('holds the server’s messages it shows as the server words them, byte for byte', () => {
    const server = messages as unknown as Record<string, string | ((value: unknown) => string)>;
    for (const [key, words] of Object.entries(en.server)) {
      const said = server[key];
      expect(said, key).toBeDefined();
      if (typeof words === 'string') expect(words, key).toBe(said);
      else {
        const value = key === 'alreadyCheckedInStaff' ? { said: '7', local: '' } : '7';
        expect((words as (value: unknown) => string)(value), key).toBe(
          (said as (value: unknown) => string)('7'),
        );
      }
    }
  });

  it('shows the server’s words in French, a time in it as French writes it, and unknown words as they came', () => {
    activateLanguage('fr');
    expect(serverText(messages.staffCheckedIn)).toBe('arrivée enregistrée.');
    expect(
      refusalText(409, messages.alreadyCheckedInStaff(formatHumanDateTime('2026-11-21T15:41:00Z', 'UTC'))),
    ).toBe('Arrivée déjà enregistrée le 21 novembre 2026 à 15:41.');
    expect(refusalText(422, messages.importFull(3))).toBe(`Pas assez de places${NBSP}: il en reste 3.`);
    expect(refusalText(404, messages.webhookNotFound)).toBe('Point de terminaison introuvable.');
    expect(serverText('Something the catalogue does not know.')).toBe(
      'Something the catalogue does not know.',
    );
    activateLanguage('en');
    expect(serverText(messages.staffCheckedIn)).toBe('Checked in.');
    const again = messages.alreadyCheckedInStaff(formatHumanDateTime('2026-11-21T15:41:00Z', 'UTC'));
    expect(refusalText(409, again)).toBe(again);
    expect(refusalText(404, messages.webhookNotFound)).toBe(messages.webhookNotFound);
  });

  it('shows a field’s 422 message under the field in French, by what it names; in English as it came', () => {
    const cases: [string, string][] = [
      [fieldMessage.required('name'), 'Ce champ est obligatoire.'],
      [fieldMessage.minCharacters('password', 12), 'Ce champ doit compter au moins 12 caractères.'],
      [fieldMessage.maxCharacters('name', 1), 'Ce champ ne peut pas dépasser 1 caractère.'],
      [fieldMessage.httpUrl('url'), 'Veuillez saisir une adresse web complète, commençant par https://.'],
      [fieldMessage.taken('host'), 'Cette valeur est déjà utilisée.'],
      [fieldMessage.format('host'), 'Cette valeur n’est pas valide.'],
      // A check-in list's opening.
      [
        'The windows.0.from field must be a wall-clock time such as 2026-11-21T09:00.',
        'Veuillez saisir une date et une heure, par exemple 2026-11-21T09:00.',
      ],
      ['The until field must be a time after from.', 'La fin doit venir après le début.'],
      [messages.invalidCredentials, 'Cet e-mail et ce mot de passe ne correspondent à aucun compte.'],
    ];
    for (const [said] of cases) expect(dashboardFieldText(said)).toBe(said);
    activateLanguage('fr');
    for (const [said, french] of cases) expect(dashboardFieldText(said)).toBe(french);
  });

  it('keeps module-level words live: a part of the catalogue read at a module’s top follows the language', () => {
    const words = wordsOf(() => t.dashboard.desk.table);
    expect(words.heading).toBe('Attendees');
    activateLanguage('fr');
    expect(words.heading).toBe('Participants');
    expect(words.pageOf(1, 2)).toBe('Page 1 sur 2');
    expect(Object.keys(words)).toEqual(Object.keys(fr.dashboard.desk.table));
  });

  it('speaks the language staff chose on this device, else their browser’s first one it speaks, else English', () => {
    expect(dashboardLanguage('fr', ['en-US'])).toBe('fr');
    expect(dashboardLanguage(null, ['de-DE', 'fr-CA'])).toBe('fr');
    expect(dashboardLanguage('xx', ['en-GB', 'fr'])).toBe('en');
    expect(dashboardLanguage(null, ['de-DE'])).toBe('en');
  });
});
