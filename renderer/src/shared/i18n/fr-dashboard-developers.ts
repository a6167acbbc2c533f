import type { developersEn } from './en-dashboard-developers.ts';

/** The developers pages' words in French (part of the French catalogue, fr.ts); the typography rules are fr.ts's. */
const quoted = (name: string) => `«\u202f${name}\u202f»`;
const count = (n: number) => new Intl.NumberFormat('fr-FR').format(n);
const plural = (n: number, one: string, many: string) =>
  `${count(n)} ${new Intl.PluralRules('fr').select(n) === 'one' ? one : many}`;

export const developersFr: typeof developersEn = {
  title: 'Développeurs',

  shownOnce: {
    copy: 'Copier',
    copied: 'Copié dans le presse-papiers.',
    copyFailed: 'Copie impossible\u00a0: le texte est sélectionné, copiez-le avec Ctrl+C (⌘C sur un Mac).',
    done: 'Je l’ai copié',
  },

  tokens: {
    title: 'Jetons d’API',
    intro:
      'Les jetons permettent à d’autres systèmes d’utiliser l’API d’Arrivals (envoyés dans l’en-tête Authorization, après Bearer). Donnez à chaque système son propre jeton, avec les seules autorisations dont il a besoin.',
    none: 'Aucun jeton pour l’instant.',
    name: 'Nom',
    created: 'Créé le',
    lastUsed: 'Dernière utilisation',
    expires: 'Expire le',
    access: 'Accès',
    allEvents: 'tous les événements',
    someEvents: (n: number) => plural(n, 'événement', 'événements'),
    scopesCount: (n: number) => plural(n, 'autorisation', 'autorisations'),
    delete: 'Supprimer',
    confirmDeleteTitle: 'Supprimer ce jeton\u202f?',
    confirmDelete: (name: string) =>
      `Supprimer le jeton ${quoted(name)}\u202f? Tout ce qui l’utilise est refusé dès sa prochaine requête. Ce ne sera pas réversible.`,
    deleted: (name: string) => `Le jeton ${quoted(name)} a été supprimé.`,

    create: 'Créer un jeton',
    createSubmit: 'Créer le jeton',
    nameHint: 'Dites qui l’utilise, par exemple «\u202fInscriptions du site web\u202f».',
    expiration: 'Expiration',
    expiries: {
      '7d': '7 jours',
      '30d': '30 jours',
      '90d': '90 jours (recommandé)',
      '1y': '1 an',
      never: 'Jamais (déconseillé en production)',
    },
    scopes: 'Autorisations',
    scopesHint: 'Ce que le jeton peut faire.',
    scopeNames: {
      'events:read': 'Lire les événements',
      'events:write': 'Créer et modifier des événements',
      'attendees:read': 'Consulter les participants',
      'attendees:write': 'Inscrire, enregistrer les arrivées, annuler et noter les absences',
      'users:write': 'Créer et modifier des personnes et leurs profils',
      'webhooks:manage':
        'Gérer les points de terminaison des webhooks (pour les jetons qui atteignent tous les événements)',
      sync: 'Laisser le serveur principal d’un lieu suivre ces événements (les télécharger, renvoyer ses arrivées)',
    },
    restrict: 'Seulement certains événements',
    restrictHint: 'Sinon, le jeton atteint tous les événements de l’organisation, présents et à venir.',
    events: 'Événements que le jeton peut atteindre',
    noEvents: 'Il n’y a pas encore d’événement à choisir.',

    createdHeading: 'Votre nouveau jeton',
    tokenLabel: 'Jeton d’API',
    createdWarning: 'Copiez ce jeton maintenant et gardez-le en lieu sûr. Il ne pourra plus être affiché.',
    createdNotice: (name: string) => `Le jeton ${quoted(name)} a été créé.`,
  },

  webhooks: {
    title: 'Webhooks',
    intro:
      'Arrivals envoie une notification signée (Standard Webhooks) à chaque point de terminaison quand quelque chose se passe\u00a0: une inscription, une arrivée, une modification d’événement. Les envois sont retentés pendant une journée\u202f; tant qu’Internet est coupé, ils attendent ici.',
    none: 'Aucun point de terminaison pour l’instant.',
    waiting: (n: number) =>
      n === 0
        ? 'Aucune notification n’attend d’être envoyée.'
        : `${plural(n, 'notification', 'notifications')} en attente d’envoi.`,
    url: 'Adresse',
    description: 'Description',
    eventKinds: 'Types d’événements',
    status: 'Statut',
    waitingColumn: 'En attente',
    allKinds: 'Tous',
    enabled: 'Activé',
    disabled: 'Désactivé',
    disabledGone: 'Désactivé\u00a0: le point de terminaison a répondu 410 Gone',
    disabledManual: 'Désactivé',

    add: 'Ajouter un point de terminaison',
    addSubmit: 'Ajouter le point de terminaison',
    urlHint:
      'Une adresse http ou https qui accepte les requêtes POST. Les adresses de ce réseau ou de cet ordinateur doivent d’abord être autorisées dans Intégrations locales.',
    eventKindsHint: 'Les notifications que reçoit ce point de terminaison.',
    kindNames: {
      'attendee.registered': 'Une personne s’est inscrite',
      'attendee.updated': 'Le nom, l’e-mail ou les réponses d’une personne ont été modifiés',
      'attendee.approved': 'Une inscription en attente a été validée',
      'attendee.checked_in': 'Une arrivée a été enregistrée',
      'attendee.check_in_undone': 'Une arrivée a été annulée',
      'attendee.canceled': 'Une inscription a été annulée',
      'attendee.no_show': 'Une absence a été notée',
      'attendee.entered': 'Une entrée a été enregistrée sur une liste d’enregistrement',
      'attendee.exited': 'Une sortie a été enregistrée sur une liste d’enregistrement',
      'event.created': 'Un événement a été créé',
      'event.updated': 'Un événement a été modifié',
    },
    enabledLabel: 'Envoyer les notifications à ce point de terminaison',
    added: (url: string) => `Le point de terminaison ${url} a été ajouté.`,

    secretHeading: 'Secret de signature',
    secretLabel: 'Secret de signature',
    secretWarning:
      'Copiez ce secret maintenant dans le système destinataire\u00a0: il vérifie avec lui l’en-tête webhook-signature. Il ne pourra plus être affiché.',
  },

  lan: {
    title: 'Intégrations locales',
    intro:
      'Les webhooks partent vers Internet. Pour les envoyer à un système du réseau du lieu ou de cet ordinateur (une imprimante de badges, un CRM local), autorisez d’abord son hôte ici\u202f; sans cela, Arrivals refuse ces adresses, pour qu’un jeton d’API ne puisse pas atteindre le réseau local.',
    none: 'Aucun hôte n’est encore autorisé.',
    host: 'Hôte',
    description: 'Description',
    added: 'Ajouté le',
    remove: 'Retirer',
    confirmRemoveTitle: 'Ne plus autoriser cet hôte\u202f?',
    confirmRemove: (host: string) =>
      `Ne plus autoriser ${quoted(host)}\u202f? Les webhooks vers lui sont refusés dès leur prochaine tentative.`,
    removed: (host: string) => `${quoted(host)} n’est plus autorisé.`,

    add: 'Autoriser un hôte',
    addSubmit: 'Autoriser l’hôte',
    hostHint:
      'Un nom d’hôte ou une adresse IP, avec un port pour n’autoriser que lui\u00a0: 192.168.1.20:8080, imprimante.local.',
    descriptionHint: 'Ce que c’est, par exemple «\u202fImprimante de badges\u202f».',
    allowed: (host: string) => `Les webhooks peuvent désormais joindre ${quoted(host)}.`,
  },

  webhook: {
    back: 'Tous les webhooks',
    open: 'Détails',
    settings: 'Réglages',
    formLabel: 'Réglages du point de terminaison',
    save: 'Enregistrer le point de terminaison',
    saved: 'Le point de terminaison a été enregistré.',
    fixProblems:
      'Le point de terminaison n’a pas été enregistré\u00a0: veuillez corriger les problèmes signalés dans le formulaire.',
    enable: 'Activer',
    disable: 'Désactiver',
    nowEnabled: 'Le point de terminaison est activé\u00a0: les notifications en attente partent maintenant.',
    nowDisabled: 'Le point de terminaison est désactivé\u00a0: les notifications attendent sa réactivation.',
    sendTest: 'Envoyer un test',
    rotate: 'Changer le secret',
    rotateTitle: 'Changer le secret de signature\u202f?',
    rotateBody:
      'Un nouveau secret est créé et affiché une fois. L’ancien continue de signer à côté pendant 24\u00a0heures, le temps que le destinataire change.',
    rotated: 'Un nouveau secret de signature a été créé.',
    delete: 'Supprimer le point de terminaison',
    deleteTitle: 'Supprimer ce point de terminaison\u202f?',
    deleteBody: (url: string) =>
      `Supprimer ${url} et son journal d’envois\u202f? Plus rien ne lui sera envoyé. Ce ne sera pas réversible.`,
    deleted: (url: string) => `Le point de terminaison ${url} a été supprimé.`,

    deliveries: 'Envois récents',
    deliveriesIntro:
      'Du plus récent au plus ancien. La liste se met à jour toute seule. Les envois terminés sont gardés 30\u00a0jours.',
    deliveriesShown: (shown: number, total: number) =>
      shown < total
        ? `Les ${count(shown)} plus récents sur ${count(total)} envois.`
        : plural(total, 'envoi', 'envois'),
    noDeliveries: 'Rien n’a encore été envoyé à ce point de terminaison.',
    time: 'Heure',
    kind: 'Type',
    result: 'Résultat',
    statusCode: 'Code de réponse',
    duration: 'Durée',
    attempt: 'Tentative',
    response: 'Réponse',
    durationMs: (ms: number) => `${count(ms)}\u00a0ms`,
    attemptOf: (n: number) => `nº\u00a0${n}`,
    noAnswer: 'Pas de réponse',
    noAnswerBecause: (error: string) => `Pas de réponse\u00a0: ${error}`,
    notYet: 'Pas encore envoyé',
    deliveryStatus: { pending: 'En attente', delivered: 'Livré', failed: 'Échec' },
    nextAttempt: (time: string) => `prochaine tentative le ${time}`,
    redeliver: 'Renvoyer',
    testKind: 'Test',
  },
};
