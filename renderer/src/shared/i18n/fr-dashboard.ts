import type { dashboardEn } from './en-dashboard.ts';
import { deskFr } from './fr-dashboard-desk.ts';
import { developersFr } from './fr-dashboard-developers.ts';
import { eventsFr } from './fr-dashboard-events.ts';
import { listsFr } from './fr-dashboard-lists.ts';
import { mailFr } from './fr-dashboard-mail.ts';
import { peopleFr } from './fr-dashboard-people.ts';
import { syncFr } from './fr-dashboard-sync.ts';
import type { ServerFieldProblem } from './refusal-types.ts';

const count = (n: number) => new Intl.NumberFormat('fr-FR').format(n);
const characters = (n: number) =>
  `${count(n)} ${new Intl.PluralRules('fr').select(n) === 'one' ? 'caractère' : 'caractères'}`;

/**
 * The staff dashboard's words in French (the French catalogue's `dashboard`, fr.ts, loaded with the dashboard as
 * ./dashboard-words.ts says), one file per area as in English:
 * addressed as « vous », worded so that no sentence assumes the reader's gender, with fr.ts's typography.
 */
export const dashboardFr: typeof dashboardEn = {
  title: 'Tableau de bord de l’équipe',
  skipToContent: 'Aller au contenu',
  saving: 'Enregistrement…',
  save: 'Enregistrer',
  cancel: 'Annuler',
  delete: 'Supprimer',
  close: 'Fermer',
  edit: 'Modifier',
  copy: 'Copier',
  copied: 'Copié',
  never: 'Jamais',
  none: 'Aucun',
  yes: 'Oui',
  no: 'Non',
  required: 'obligatoire',
  ownersOnly: 'Seuls les propriétaires peuvent ouvrir cette page.',
  sessionExpired: 'Votre session a pris fin. Veuillez vous reconnecter.',
  fixProblems: 'Veuillez corriger les problèmes signalés ci-dessous.',
  fieldProblem: (said: string, problem: ServerFieldProblem) => {
    switch (problem?.kind) {
      case 'required':
        return 'Ce champ est obligatoire.';
      case 'too_long':
        return `Ce champ ne peut pas dépasser ${characters(problem.max)}.`;
      case 'too_short':
        return `Ce champ doit compter au moins ${characters(problem.min)}.`;
      case 'email':
        return 'Veuillez saisir une adresse e-mail du type nom@exemple.fr.';
      case 'date':
        return 'Veuillez saisir une date valide.';
      case 'url':
        return 'Veuillez saisir une adresse web complète, commençant par https://.';
      case 'select':
        return 'Veuillez choisir l’une des options proposées.';
      case 'taken':
        return 'Cette valeur est déjà utilisée.';
      case 'wall_time':
        return 'Veuillez saisir une date et une heure, par exemple 2026-11-21T09:00.';
      case 'until_after_from':
        return 'La fin doit venir après le début.';
      default:
        return 'Cette valeur n’est pas valide.';
    }
  },

  nav: {
    label: 'Tableau de bord',
    menu: 'Menu',
    events: 'Événements',
    people: 'Personnes',
    staff: 'Équipe',
    sync: 'Bornes et synchronisation',
    mail: 'E-mail',
    developers: 'Développeurs',
    tokens: 'Jetons d’API',
    webhooks: 'Webhooks',
    lanIntegrations: 'Intégrations locales',
    kiosk: 'Ouvrir une borne',
    signOut: 'Se déconnecter',
    signedInAs: (name: string, role: string) => `${name} (${role})`,
    roles: { owner: 'propriétaire', staff: 'équipe' },
  },

  setup: {
    title: 'Configurer Arrivals',
    intro:
      'Créez votre organisation et son premier compte propriétaire. Vous pourrez ajouter l’équipe ensuite.',
    setupCode: 'Code de configuration',
    setupCodeHint:
      'Affiché là où Arrivals a été lancé\u00a0: sur sa console, ou sur l’écran de l’équipe de l’application de bureau. Inutile sur cette machine-là.',
    organizationName: 'Nom de l’organisation',
    name: 'Votre nom',
    email: 'E-mail',
    password: 'Mot de passe',
    passwordHint: (min: number) => `Au moins ${characters(min)}.`,
    loadDemo: 'Ajouter un événement de démonstration avec des participants et des profils d’exemple',
    submit: 'Créer l’organisation',
    alreadyDone: 'Arrivals est déjà configuré. Connectez-vous plutôt.',
  },

  signIn: {
    title: 'Connexion',
    intro: 'Connectez-vous avec votre compte d’équipe.',
    email: 'E-mail',
    password: 'Mot de passe',
    submit: 'Se connecter',
    signedOut: 'Déconnexion effectuée.',
  },

  staff: {
    title: 'Équipe',
    intro:
      'Les propriétaires peuvent tout faire. L’équipe peut utiliser l’accueil des participants et enregistrer les arrivées.',
    name: 'Nom',
    email: 'E-mail',
    role: 'Rôle',
    created: 'Ajout',
    password: 'Mot de passe',
    newPassword: 'Nouveau mot de passe',
    add: 'Ajouter un membre de l’équipe',
    addSubmit: 'Ajouter',
    you: '(vous)',
    resetPassword: 'Changer le mot de passe',
    resetSubmit: 'Définir le mot de passe',
    remove: 'Retirer',
    confirmRemove: (name: string) => `Retirer ${name}\u202f? Sa session est fermée aussitôt.`,
    added: (name: string) => `Ajout de ${name} effectué.`,
    passwordReset: (name: string) =>
      `Le mot de passe de ${name} a été changé. Toutes ses sessions sont fermées.`,
    removed: (name: string) => `Retrait de ${name} effectué.`,
    roleChanged: (name: string, role: string) => `${name} a désormais le rôle ${role}.`,
  },

  events: eventsFr,
  desk: deskFr,
  lists: listsFr,
  people: peopleFr,
  sync: syncFr,
  mail: mailFr,
  developers: developersFr,
};
