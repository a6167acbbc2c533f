import type { deskEn } from './en-dashboard-desk.ts';

/** The desk pages' words in French (part of the French catalogue, fr.ts); the typography rules are fr.ts's. */
const count = (n: number) => new Intl.NumberFormat('fr-FR').format(n);
const plural = (n: number, one: string, other: string) =>
  new Intl.PluralRules('fr').select(n) === 'one' ? one : other;
const people = (n: number) => `${count(n)} ${plural(n, 'participant', 'participants')}`;
const lines = (n: number) => `${count(n)} ${plural(n, 'ligne', 'lignes')}`;
const checkIns = (n: number) => `${count(n)} ${plural(n, 'arrivée', 'arrivées')}`;

export const deskFr: typeof deskEn = {
  title: 'Accueil',
  pageTitle: (event: string) => `${event}\u00a0: accueil des participants`,
  intro:
    'Enregistrez les arrivées, ajoutez les personnes venues sans inscription et suivez l’affluence. L’accueil se met à jour tout seul toutes les quelques secondes.',
  exportCsv: 'Exporter en CSV',
  importCsv: 'Importer un CSV',
  addWalkIn: 'Ajouter une personne sur place',
  hideWalkIn: 'Fermer l’ajout sur place',
  cannotReach: 'L’accueil ne joint pas le serveur. Il continue d’essayer.',

  statuses: {
    pending: 'En attente de validation',
    confirmed: 'Confirmée',
    canceled: 'Annulée',
    no_show: 'Absence',
  },

  counts: {
    heading: 'Participants par statut',
    pending: 'En attente',
    confirmed: 'Confirmées',
    checked_in: 'Arrivées',
    canceled: 'Annulées',
    no_show: 'Absences',
    total: 'Au total',
  },

  live: {
    heading: 'En direct',
    arrivals: 'Arrivées des 15 dernières minutes',
    stillExpected: 'Arrivées encore attendues',
    stillExpectedHint: 'Inscriptions sans arrivée pour l’instant',
    chartTitle: 'Arrivées par tranche de 5 minutes',
    chartSummary: (total: number, busiest: string, most: number) =>
      `${checkIns(total)} ces 6 dernières heures\u202f; les 5 minutes les plus chargées ont commencé à ${busiest}, avec ${count(most)}.`,
    chartEmpty: 'Aucune arrivée ces 6 dernières heures.',
    from: 'À partir de',
    checkIns: 'Arrivées',
    bar: (time: string, n: number) => `${time}\u00a0: ${checkIns(n)}`,
  },

  table: {
    heading: 'Participants',
    search: 'Rechercher par nom, e-mail, société ou toute réponse',
    searchHint:
      'Les accents et les majuscules ne comptent pas. Entrée enregistre l’arrivée de la seule personne trouvée.',
    status: 'Statut',
    anyStatus: 'Tous les statuts',
    checkedIn: 'Arrivée',
    anyCheckIn: 'Arrivée enregistrée ou non',
    onlyCheckedIn: 'Arrivée enregistrée',
    notCheckedIn: 'Arrivée non enregistrée',
    name: 'Nom',
    email: 'E-mail',
    details: 'Société et choix',
    detailLabel: (label: string) => `${label}\u00a0: `,
    registered: 'Inscription',
    actions: 'Actions',
    notYet: 'Pas encore',
    searching: 'Recherche…',
    showing: (from: number, to: number, total: number) =>
      total === 0
        ? 'Aucun participant ne correspond.'
        : `Affichage de ${count(from)} à ${count(to)} sur ${people(total)}.`,
    pageEmpty: 'Aucun participant sur cette page. Revenez à la page précédente.',
    pages: 'Pages',
    previous: 'Page précédente',
    next: 'Page suivante',
    pageOf: (page: number, pages: number) => `Page ${count(page)} sur ${count(pages)}`,
    timeZone: (zone: string) => `Les horaires sont à l’heure de l’événement, ${zone}.`,
  },

  actions: {
    'check-in': 'Enregistrer l’arrivée',
    'undo-check-in': 'Annuler l’arrivée',
    approve: 'Valider',
    cancel: 'Annuler l’inscription',
    'no-show': 'Noter l’absence',
    cancelTitle: 'Annuler l’inscription',
    keepRegistration: 'Garder l’inscription',
    confirmCancel: (name: string) => `Annuler l’inscription de ${name}\u202f? Ce ne sera pas réversible.`,
    result: (name: string, message: string) => `${name}\u00a0: ${message}`,
    showCode: 'Code d’enregistrement',
    printBadge: 'Imprimer le badge',
    reprintBadge: 'Réimprimer le badge',
    edit: 'Modifier',
  },

  edit: {
    title: (name: string) => `Modifier ${name}`,
    emailNote: 'Une adresse corrigée reçoit de nouveau le billet\u00a0; l’ancienne ne reçoit plus rien.',
    save: 'Enregistrer',
    close: 'Fermer',
    saved: (name: string) => `${name}\u00a0: enregistré.`,
    savedAndResent: (name: string, email: string) =>
      `${name}\u00a0: enregistré. Le billet part vers ${email}.`,
    unchanged: 'Rien n’a été modifié.',
  },

  code: {
    title: (name: string) => `Code d’enregistrement de ${name}`,
    image: (name: string) => `QR code d’enregistrement de ${name}`,
    explain:
      'Scanné à une borne ou à cet accueil, il enregistre l’arrivée de la personne. Montrez-le, ou imprimez-le pour le lui remettre.',
    print: 'Imprimer',
    close: 'Fermer',
  },

  roaming: {
    moving: (origin: string) => `Ce serveur ne répond plus. L’accueil continue sur ${origin}…`,
    arrived: (from: string) =>
      `L’accueil continue ici parce que ${from || 'son serveur'} ne répond plus. Il y retournera tout seul dès que ce serveur répondra de nouveau.`,
    retried: (message: string) => `L’enregistrement en cours à ce moment-là a été fait ici\u00a0: ${message}`,
  },

  scan: {
    heading: 'Enregistrer une arrivée par code',
    label: 'Code d’enregistrement',
    hint: 'Scannez dans ce champ un QR code d’enregistrement ou de profil avec une douchette, tapez le code imprimé dessous, ou utilisez la caméra.',
    submit: 'Enregistrer',
    camera: 'Caméra',
    checkedInTitle: 'Arrivée enregistrée',
    alreadyTitle: 'Arrivée déjà enregistrée',
    notFoundTitle: 'Aucune inscription n’a ce code',
    refusedTitle: 'Enregistrement impossible',
  },

  camera: {
    view: 'Ce que voit la caméra',
    states: {
      starting: 'Démarrage de la caméra…',
      scanning:
        'Présentez un QR code d’enregistrement ou de profil devant la caméra\u00a0: chaque code lu enregistre une arrivée.',
      missing: 'Pas de caméra.',
      denied: 'La caméra est bloquée.',
      unavailable: 'La caméra n’a pas démarré.',
    },
    denied:
      'Le navigateur a bloqué la caméra pour cette page. Autorisez-la dans les réglages du site (le cadenas ou l’icône de caméra près de l’adresse), puis appuyez de nouveau sur Caméra. En attendant, utilisez une douchette USB ou tapez le code.',
    missing:
      'Cet appareil n’a pas de caméra utilisable par le navigateur. Utilisez une douchette USB, ou tapez le code imprimé sous le QR code.',
    unavailable:
      'La caméra n’a pas pu démarrer\u00a0: une autre application l’utilise peut-être. Fermez-la et appuyez de nouveau sur Caméra, ou utilisez une douchette USB ou tapez le code.',
    insecureTitle: 'Pas de caméra sur cette page.',
    insecure: (origin: string) =>
      `Les navigateurs ne donnent la caméra qu’aux pages sécurisées, et ${origin} est en HTTP simple sur le réseau du lieu.`,
    openSecure: 'Ouvrez cet accueil à l’adresse',
    trustFirst:
      'La première fois sur cet appareil, faites confiance une fois au certificat du lieu\u00a0: la marche à suivre pour chaque type de téléphone et d’ordinateur est à l’adresse',
    noHttps:
      'Ce serveur ne sert pas encore de HTTPS\u00a0: l’organisateur peut le démarrer avec `arrivals serve --https`, puis chaque appareil fait confiance une fois au certificat du lieu.',
    meanwhile:
      'En attendant, scannez avec une douchette USB dans le champ ci-dessus, ou tapez le code imprimé sous le QR code.',
  },

  bulk: {
    button: 'Noter l’absence de toutes les personnes non arrivées',
    title: 'Noter les absences',
    confirm: (n: number) => `Noter l’absence des ${people(n)} sans arrivée enregistrée\u202f?`,
    explain: 'Leur arrivée pourra encore être enregistrée plus tard.',
    confirmButton: (n: number) => `Noter ${count(n)} ${plural(n, 'absence', 'absences')}`,
    nobody: 'Chaque inscription a déjà une arrivée ou une absence notée\u00a0: aucune absence à noter.',
    done: (n: number, failed: number) =>
      `${count(n)} ${plural(n, 'absence notée', 'absences notées')}.${failed > 0 ? ` ${count(failed)} n’${plural(failed, 'a pas pu être notée', 'ont pas pu être notées')}.` : ''}`,
  },

  walkIn: {
    heading: 'Ajouter une personne sur place',
    intro:
      'Une personne à l’entrée sans inscription préalable\u00a0: son inscription est confirmée, et son arrivée enregistrée aussitôt avec «\u202fAjouter et enregistrer l’arrivée\u202f».',
    submit: 'Ajouter',
    submitAndCheckIn: 'Ajouter et enregistrer l’arrivée',
    added: (name: string) =>
      `Ajout effectué pour ${name}. Retrouvez cette personne dans la liste pour enregistrer son arrivée.`,
    addedAndCheckedIn: (name: string) => `Ajout effectué pour ${name}, et arrivée enregistrée.`,
    addedNotCheckedIn: (name: string, problem: string) =>
      `Ajout effectué pour ${name}, mais l’arrivée n’a pas pu être enregistrée\u00a0: ${problem}`,
  },

  import: {
    title: 'Importer des participants',
    pageTitle: (event: string) => `${event}\u00a0: importer des participants`,
    intro:
      'Ajoutez de nombreux participants d’un coup depuis un fichier CSV (un tableur enregistré en CSV). Les colonnes nommées en anglais, en français ou en allemand trouvent leur champ toutes seules, et un choix peut contenir son libellé ou sa valeur.',
    backToDesk: 'Retour à l’accueil',
    file: 'Fichier CSV',
    fileHint: 'La première ligne nomme les colonnes. Séparateur virgule ou point-virgule, UTF-8.',
    chosen: (file: string, rows: number) =>
      `${file}\u00a0: ${count(rows)} ${plural(rows, 'ligne', 'lignes')}.`,
    unreadable: 'Ce fichier n’a pas pu être lu comme du texte.',
    unclosedQuote: (record: number) =>
      `La ligne ${count(record)} ouvre un guillemet qui n’est jamais fermé. Veuillez vérifier le fichier.`,
    noRows: 'Le fichier a une ligne d’en-tête mais aucun participant dessous.',
    empty: 'Le fichier est vide.',
    tooMany: (max: number) =>
      `Un fichier peut contenir au plus ${count(max)} participants. Veuillez le découper.`,

    mappingHeading: 'Colonnes',
    mappingIntro: 'Choisissez le champ d’inscription que remplit chaque colonne, ou ignorez la colonne.',
    column: 'Colonne du fichier',
    firstValue: 'Première valeur',
    field: 'Champ d’inscription',
    ignore: 'Ignorer cette colonne',
    fieldOption: (label: string, key: string) => `${label} (${key})`,
    columnLabel: (header: string) => `Champ de la colonne «\u202f${header}\u202f»`,
    unnamedColumn: (n: number) => `Colonne ${n}`,
    missing: (fields: string) => `Choisissez une colonne pour\u00a0: ${fields}.`,
    repeated: (fields: string) => `Chaque champ ne peut venir que d’une seule colonne\u00a0: ${fields}.`,

    previewHeading: 'Aperçu',
    previewCaption: (shown: number, total: number) =>
      `Les ${count(shown)} premières lignes sur ${count(total)}, telles qu’elles seront importées`,
    row: 'Ligne',

    modeLegend: 'Si certaines lignes posent problème',
    modes: {
      all_or_nothing: 'Ne rien importer, et lister les problèmes à corriger',
      valid_rows: 'Importer les bonnes lignes, et lister celles laissées de côté',
    },
    submit: (rows: number) => `Importer ${people(rows)}`,
    fixFirst: (rows: number) => `Corrigez d’abord ${lines(rows)}`,
    nothingToImport: 'Rien à importer',
    checking: (rows: number) => `Vérification de ${lines(rows)}…`,
    checkedAll: (rows: number) =>
      rows === 1 ? 'La ligne peut être importée.' : `Les ${count(rows)} lignes peuvent être importées.`,
    checkedSome: (rows: number, importable: number) =>
      `Sur ${lines(rows)}, ${count(importable)} ${plural(importable, 'peut', 'peuvent')} être ${plural(importable, 'importée', 'importées')} et ${count(rows - importable)} ${plural(rows - importable, 'pose', 'posent')} problème.`,
    checkFailed: (reason: string) => `Les lignes n’ont pas pu être vérifiées avant l’import\u00a0: ${reason}`,
    checkHeading: 'Lignes à corriger',
    checkIntro: (rows: number) =>
      `Corrigez ${rows === 1 ? 'cette ligne' : `ces ${count(rows)} lignes`} dans le fichier et choisissez-le de nouveau, ou importez les bonnes lignes et laissez ${plural(rows, 'celle-ci', 'celles-ci')} de côté.`,
    seatsShort: (left: number, rows: number) =>
      left === 0
        ? `L’événement n’a plus de place\u00a0: aucune ligne ne peut être importée (${lines(rows)} à importer). Ajoutez des places dans les réglages de l’événement.`
        : `L’événement a encore ${count(left)} ${plural(left, 'place', 'places')}\u00a0: les ${lines(rows)} à importer n’y tiennent pas. Laissez de côté ${lines(rows - left)}, ou ajoutez des places dans les réglages de l’événement.`,
    progressLabel: 'Progression de l’import',
    stages: {
      read: 'Lecture du fichier',
      map: 'Choix des colonnes',
      send: 'Envoi au serveur, qui vérifie chaque ligne',
      done: 'Terminé',
    },
    stepOf: (step: number, steps: number, what: string) => `Étape ${step} sur ${steps}\u00a0: ${what}`,
    sending: (rows: number) => `Envoi de ${count(rows)} ${plural(rows, 'ligne', 'lignes')}…`,
    imported: (n: number) => `Import terminé\u00a0: ${people(n)}.`,

    reportHeading: 'Problèmes à corriger',
    reportIntro: (rows: number) =>
      `${count(rows)} ${plural(rows, 'ligne pose', 'lignes posent')} problème, donc rien n’a été importé. Corrigez-${plural(rows, 'la', 'les')} dans le fichier et choisissez-le de nouveau.`,
    skippedHeading: 'Lignes laissées de côté',
    skippedIntro: (rows: number) =>
      `${count(rows)} ${plural(rows, 'ligne n’a', 'lignes n’ont')} pas été ${plural(rows, 'importée', 'importées')}. Corrigez-${plural(rows, 'la', 'les')} et importez-${plural(rows, 'la', 'les')} de nouveau\u00a0: les lignes déjà importées seront refusées comme déjà utilisées.`,
    reportCaption: 'Problèmes par ligne (numéros de ligne du fichier\u202f; l’en-tête est la ligne 1)',
    reportField: 'Champ',
    reportMessage: 'Problème',
    reportMore: (n: number) => `Et ${count(n)} autres problèmes non affichés.`,
    rowWide: 'Toute la ligne',
  },
};
