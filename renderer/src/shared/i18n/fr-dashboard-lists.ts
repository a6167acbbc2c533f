import type { ListsWords } from './en-dashboard-lists.ts';

/** Check-in lists' words in French (part of the French catalogue, fr.ts); the typography rules are fr.ts's. */
const count = (n: number) => new Intl.NumberFormat('fr-FR').format(n);
const people = (n: number) =>
  `${count(n)} ${new Intl.PluralRules('fr').select(n) === 'one' ? 'personne' : 'personnes'}`;

export const listsFr: ListsWords = {
  heading: 'Listes d’enregistrement',
  intro:
    'Chaque porte scanne sur une liste\u00a0: qui elle admet, quand, combien de fois, si les sorties sont scannées et combien de personnes peuvent être à l’intérieur en même temps. Chaque événement a son entrée principale, qui garde les règles d’enregistrement de l’événement\u00a0; ajoutez une liste pour un atelier, une journée ou une porte.',
  default: 'Liste par défaut',
  defaultFixed:
    'Cette liste garde les règles d’enregistrement de l’événement (tout le monde, tant que l’enregistrement est ouvert, une fois chacun, sans limite)\u00a0: seuls son nom, les sorties et le départ automatique peuvent changer.',
  add: 'Ajouter une liste d’enregistrement',
  edit: 'Modifier',
  delete: 'Supprimer',
  confirmDeleteTitle: 'Supprimer cette liste d’enregistrement\u202f?',
  confirmDelete: (name: string) =>
    `Supprimer ${name}\u202f? Ses bornes cessent de fonctionner. Ses scans restent dans l’historique de chacun sous son nom.`,
  deleted: (name: string) => `${name} a été supprimée.`,
  saved: (name: string) => `${name} a été enregistrée.`,
  created: (name: string) => `${name} a été ajoutée.`,
  none: 'Aucune liste d’enregistrement pour l’instant.',
  exportCsv: 'Exporter les scans (CSV)',
  openKiosk: 'Ouvrir une borne sur cette liste',
  openEntryKiosk: 'Ouvrir une borne d’entrée',
  openExitKiosk: 'Ouvrir une borne de sortie',
  kioskHint:
    'Une borne ouverte depuis ces liens scanne sur cette liste seulement et affiche son nom\u00a0; son adresse garde la liste (et le sens, entrée ou sortie), on peut donc y laisser une tablette.',

  explain: {
    everyone: 'Admet toutes les personnes inscrites.',
    admits: (field: string, values: string) =>
      `Admet seulement les personnes dont la réponse à «\u202f${field}\u202f» est ${values}.`,
    anyTime: 'Ouverte tant que l’enregistrement de l’événement est ouvert.',
    windows: (spans: string) => `Ouverte ${spans}, pendant la période d’enregistrement de l’événement.`,
    once: 'Admet chaque personne une fois\u00a0: un second scan est refusé (entrée déjà enregistrée).',
    once_per_day:
      'Admet chaque personne une fois par jour (les jours commencent à minuit, heure de l’événement).',
    every_time: 'Admet chaque personne à chaque scan.',
    exits:
      'Les sorties sont scannées\u00a0: une personne sortie peut revenir, et n’est plus comptée à l’intérieur.',
    noExits: 'Les sorties ne sont pas scannées.',
    autoCheckout: (time: string) =>
      `Toutes les personnes encore à l’intérieur sont sorties chaque jour à ${time}.`,
    capacity: (n: number) =>
      `Au plus ${people(n)} à l’intérieur en même temps\u00a0; ensuite, la liste est complète.`,
    noCapacity: 'Pas de limite au nombre de personnes à l’intérieur.',
    insideNow: (n: number, capacity: number | null) =>
      capacity === null
        ? `À l’intérieur en ce moment\u00a0: ${people(n)}.`
        : `À l’intérieur en ce moment\u00a0: ${count(n)} sur ${count(capacity)}.`,
  },

  form: {
    newTitle: 'Nouvelle liste d’enregistrement',
    editTitle: (name: string) => `Modifier ${name}`,
    name: 'Nom',
    nameHint:
      'Ce qu’affiche la borne de la porte, et ce que l’on indique aux gens\u00a0: «\u202fAtelier A\u202f», «\u202fJour 2\u202f», «\u202fPorte nord\u202f».',
    admits: 'Qui elle admet',
    admitsEveryone: 'Toutes les personnes inscrites',
    admitsSome: 'Seulement les personnes dont la réponse à une question à choix est l’une de celles-ci',
    admitsField: 'Question à choix',
    admitsValues: 'Réponses admises',
    noChoiceFields:
      'Le formulaire de cet événement n’a pas de question à choix\u00a0: ajoutez-en une («\u202fAtelier\u202f», «\u202fType de billet\u202f») pour n’admettre que certaines personnes.',
    windows: 'Quand elle est ouverte',
    windowsHint: (zone: string) =>
      `À l’heure de l’événement (${zone}). Sans créneau\u00a0: ouverte tant que l’enregistrement de l’événement est ouvert.`,
    from: 'De',
    until: 'Jusqu’à',
    addWindow: 'Ajouter un créneau',
    removeWindow: (n: number) => `Retirer le créneau ${n}`,
    entryRule: 'Combien de fois une personne peut entrer',
    entryRules: {
      once: 'Une fois',
      once_per_day: 'Une fois par jour',
      every_time: 'À chaque fois',
    },
    exitsScanned: 'Scanner les sorties',
    exitsScannedHint:
      'Des bornes peuvent être ouvertes pour les sorties\u00a0: les personnes à l’intérieur sont comptées, et une personne sortie peut revenir.',
    autoCheckout: 'Faire sortir tout le monde chaque jour à',
    autoCheckoutHint:
      'À l’heure de l’événement\u00a0; vide pour jamais. Compte toutes les personnes encore à l’intérieur comme parties.',
    capacity: 'Capacité',
    capacityHint:
      'Combien de personnes peuvent être à l’intérieur en même temps\u00a0; vide pour aucune limite.',
    save: 'Enregistrer la liste',
    create: 'Ajouter la liste',
  },

  scan: {
    on: 'Scanner pour',
    mainCheckIn: 'Enregistrement (entrée principale, comme toujours)',
    direction: 'Sens',
    directions: { entry: 'Entrée', exit: 'Sortie' },
    submit: 'Scanner',
    force: 'Admettre quand même',
    forcedNote: 'Admission par l’équipe malgré les règles de la liste (enregistrée comme forcée).',
    titles: {
      admitted: 'Admission',
      reentered: 'Nouvelle admission',
      exit_recorded: 'Sortie enregistrée',
      unknown_code: 'Aucune inscription n’a ce code',
      canceled: 'Inscription annulée',
      pending: 'En attente d’approbation',
      not_on_list: 'Pas sur cette liste',
      not_now: 'Fermée en ce moment',
      already_entered: 'Entrée déjà enregistrée',
      full: 'Complet',
    },
    forcedTitle: 'Admission forcée',
    welcome: (name: string, list: string) => `${name} peut entrer\u00a0: ${list}.`,
    welcomeBack: (name: string, list: string) => `${name} peut entrer de nouveau\u00a0: ${list}.`,
    goodbye: (name: string, list: string) => `Sortie de ${name}\u00a0: ${list}.`,
    notOnList: (name: string, list: string, elsewhere: string | null) =>
      elsewhere
        ? `${name} n’est pas sur la liste ${list}\u00a0: à orienter vers ${elsewhere}.`
        : `${name} n’est pas sur la liste ${list}.`,
    opensAt: (list: string, when: string) => `${list}\u00a0: ouverture le ${when}.`,
    closed: (list: string) => `${list}\u00a0: fermée en ce moment.`,
    alreadyEntered: (name: string, when: string) => `Entrée de ${name} déjà enregistrée le ${when}.`,
    full: (list: string, capacity: number | null) =>
      capacity === null
        ? `${list}\u00a0: complet.`
        : `${list}\u00a0: complet, ${people(capacity)} à l’intérieur.`,
    unknownCode: 'Aucune inscription à cet événement n’a ce code.',
    canceled: (name: string) => `L’inscription de ${name} est annulée.`,
    pending: (name: string) => `L’inscription de ${name} attend une approbation.`,
    or: 'ou',
  },

  inside: {
    heading: 'À l’intérieur en ce moment',
    event: 'À l’événement',
    eventHint: 'Personnes à l’intérieur d’au moins une liste, chacune comptée une fois.',
    ofCapacity: (n: number, capacity: number) => `${count(n)} sur ${count(capacity)}`,
    full: 'Complet',
    chartTitle: (list: string) => `${list}\u00a0: à l’intérieur sur les 12 dernières heures`,
    chartEventTitle: 'L’événement\u00a0: à l’intérieur sur les 12 dernières heures',
    chartEmpty: 'Personne n’a encore été à l’intérieur.',
    chartSummary: (now: number, most: number, at: string) =>
      `À l’intérieur en ce moment\u00a0: ${people(now)}\u00a0; au plus ${count(most)}, à ${at}.`,
    at: 'À',
    inside: 'À l’intérieur',
    eventPick: 'Événement',
    noEvents: 'Aucun événement pour l’instant.',
  },

  history: {
    button: 'Passages',
    title: (name: string) => `Scans de ${name}`,
    empty: 'Aucun scan pour l’instant.',
    list: 'Liste',
    way: 'Sens',
    when: 'Quand',
    by: 'Par',
    notes: 'Remarques',
    directions: { entry: 'Entrée', exit: 'Sortie' },
    results: { admitted: 'admission', reentered: 'retour', exit_recorded: 'sortie' },
    vias: {
      kiosk: 'Borne',
      self: 'Enregistrement en libre-service',
      desk: 'Équipe',
      api: 'Intégration (API)',
      auto: 'Sortie automatique',
    },
    forced: 'Forcé',
    duplicate: 'Doublon\u00a0: non compté',
    overCapacity: 'Au-delà de la capacité',
    undone: 'Annulé',
    close: 'Fermer',
  },
};
