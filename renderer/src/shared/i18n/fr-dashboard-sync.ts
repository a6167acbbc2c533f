import type { syncEn } from './en-dashboard-sync.ts';

/** The Kiosks & sync page's words in French (part of the French catalogue, fr.ts); the typography rules are fr.ts's. */
const count = (n: number) => new Intl.NumberFormat('fr-FR').format(n);
const plural = (n: number, one: string, other: string) =>
  new Intl.PluralRules('fr').select(n) === 'one' ? one : other;

function formatOffset(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 120) return `${seconds}\u00a0s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 120 ? `${minutes}\u00a0min` : `${Math.round(minutes / 60)}\u00a0h`;
}

export const syncFr: typeof syncEn = {
  title: 'Bornes et synchronisation',
  intro:
    'Les bornes associées à ce serveur principal continuent d’inscrire et d’enregistrer les arrivées quand le serveur ou le Wi-Fi est absent, et envoient leurs modifications à leur retour. Associez une borne avec un code, voyez quand chacune a donné signe de vie et ce qui attend, et consultez les conflits réglés par la synchronisation.',
  upstream: {
    title: 'Suivre un serveur en ligne',
    intro:
      'Si les inscriptions se font en ligne avant l’événement, ce serveur principal peut suivre ce serveur Arrivals en ligne\u00a0: téléchargez ici ses événements avant l’ouverture des portes, puis inscriptions et arrivées circulent dans les deux sens dès qu’Internet est là. En ligne de commande, c’est `npx arrivals upstream connect`.',
    url: 'Adresse du serveur en ligne',
    urlHint: 'Par exemple https://billets.example.org',
    token: 'Jeton d’API',
    tokenHint:
      'Créez-en un sur le serveur en ligne, sous Développeurs, Jetons d’API, avec l’autorisation sync. Il est envoyé une fois, pour se connecter, et n’est pas gardé ici.',
    find: 'Trouver les événements',
    finding: 'Recherche des événements…',
    events: 'Événements à télécharger',
    eventsHint: 'Les événements que couvre ce jeton sur le serveur en ligne.',
    eventDetail: (startsAt: string | null, attendees: number) =>
      `${startsAt ? `Début le ${startsAt}` : 'Pas de date de début'}, ${count(attendees)} ${plural(attendees, 'participant', 'participants')}`,
    noEvents: 'Ce jeton ne couvre aucun événement sur le serveur en ligne.',
    pickEvents: 'Choisissez au moins un événement.',
    download: 'Télécharger',
    connecting: 'Connexion…',
    connectedNotice: 'Connecté. Les événements se téléchargent.',

    following: 'Ce serveur principal suit',
    followedEvents: 'Événements suivis',
    eventCount: (n: number) => `${count(n)} ${plural(n, 'événement', 'événements')}`,
    progressLabel: 'Téléchargement depuis le serveur en ligne',
    progressWaiting: 'En attente de la première réponse du serveur en ligne.',
    progressValue: (pulled: number, latest: number) =>
      `${count(pulled)} modifications téléchargées sur ${count(latest)}`,
    downloading: 'Téléchargement en cours',
    upToDate: 'À jour',
    readiness: 'État de préparation',
    attendeesHere: 'Participants ici',
    lastSync: 'Dernière synchronisation',
    notYet: 'pas encore',
    waitingUp: 'Modifications en attente d’envoi',
    waitingDown: 'Modifications en attente de réception',
    unknown: 'pas encore connu',
    online: 'Serveur en ligne',
    reachable: 'joignable',
    unreachable: 'injoignable',
    statusFailed:
      'L’état de préparation du lieu n’a pas pu être lu à l’instant\u202f; nouvel essai en cours.',
  },

  pairTitle: 'Associer une borne',
  pairIntro: (hub: string) =>
    `Choisissez les événements que sert la borne, puis saisissez le code sur son écran pour l’équipe, ou lancez \`npx arrivals device pair --hub ${hub} --code CODE\` sur elle. Un code associe une seule borne et dure 10\u00a0minutes.`,
  pairEvents: 'Événements que sert la borne',
  pairSubmit: 'Obtenir un code d’association',
  pairNoEvents: 'Choisissez au moins un événement.',
  codeHeading: 'Code d’association',
  codeExpires: (time: string) => `Valable jusqu’à ${time}, pour une seule borne.`,

  venue: {
    title: 'Accueils du lieu',
    intro:
      'Le serveur principal et chaque borne associée servent l’accueil et les écrans des bornes. Quand un serveur s’arrête, les pages ouvertes dessus continuent par un serveur qui fonctionne, et y reviennent à son retour\u202f; l’équipe peut aussi ouvrir l’accueil de n’importe lequel qui fonctionne.',
    server: 'Serveur',
    desk: 'Adresse de l’accueil',
    state: 'Maintenant',
    lastContact: 'Dernier contact avec le serveur principal',
    hub: 'serveur principal',
    kiosk: 'borne',
    noAddress: 'pas encore connue',
    asking: 'interrogation…',
    working: 'fonctionne',
    notAnswering: 'ne répond pas',
    never: 'jamais',
  },

  devicesTitle: 'Bornes associées',
  refresh: 'Actualiser',
  noDevices: 'Aucune borne n’est encore associée.',
  device: {
    name: 'Borne',
    lastContact: 'Dernier contact',
    never: 'jamais',
    waiting: 'Modifications en attente',
    lag: 'En retard de',
    lagValue: (n: number) =>
      n === 0 ? 'à jour' : `${count(n)} ${plural(n, 'modification', 'modifications')}`,
    clock: 'Horloge',
    clockValue: (ms: number | null) =>
      ms === null
        ? '—'
        : Math.abs(ms) < 2000
          ? 'à l’heure'
          : `${ms > 0 ? 'en retard' : 'en avance'} de ${formatOffset(Math.abs(ms))}`,
    revoked: 'révoquée',
    venue: 'serveur principal du lieu',
    revoke: 'Révoquer',
    confirmRevokeTitle: 'Révoquer cette borne\u202f?',
    confirmRevoke: (name: string) =>
      `${name} ne pourra plus se synchroniser avec ce serveur principal. Les modifications qu’elle garde encore y restent jusqu’à sa prochaine association.`,
    revokedNotice: (name: string) => `${name} a été révoquée.`,
  },

  conflictsTitle: 'Conflits réglés par la synchronisation',
  conflictsIntro:
    'Quand des bornes coupées du réseau ont modifié la même personne, la synchronisation a tranché selon ces règles. Rien n’est perdu\u00a0: consultez, puis confirmez.',
  noConflicts: 'Aucun conflit à consulter.',
  showAcknowledged: 'Montrer aussi ceux déjà vus',
  conflict: {
    when: 'Quand',
    who: 'Participant',
    what: 'Ce qui s’est passé',
    kiosk: 'Borne',
    acknowledge: 'Marquer comme vu',
    acknowledged: 'Vu',
  },
};
