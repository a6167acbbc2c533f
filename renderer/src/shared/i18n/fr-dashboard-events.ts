import { eventsEn } from './en-dashboard-events.ts';

/** The events pages' words in French (part of the French catalogue, fr.ts); the typography rules are fr.ts's. */
const quoted = (name: string) => `«\u202f${name}\u202f»`;
const count = (n: number) => new Intl.NumberFormat('fr-FR').format(n);

export const eventsFr: typeof eventsEn = {
  title: 'Événements',
  intro:
    'Tous les événements de votre organisation. Ouvrez l’accueil d’un événement pour enregistrer les arrivées.',
  introOwner:
    'Tous les événements de votre organisation. Créez et modifiez les événements, publiez-les sur leurs bornes et ouvrez leur accueil.',
  newEvent: 'Nouvel événement',
  none: 'Aucun événement pour l’instant.',
  noneOwner: 'Aucun événement pour l’instant. Créez le premier avec «\u202fNouvel événement\u202f».',

  list: {
    event: 'Événement',
    when: 'Quand',
    status: 'Statut',
    attendees: 'Participants',
    actions: 'Actions',
    noDates: 'Pas de dates',
    published: 'Publié',
    draft: 'Non publié',
    registrationOpen: 'Inscriptions ouvertes',
    registrationClosed: 'Inscriptions closes',
    attendeesOf: (n: number, seats: number) => `${count(n)} sur ${count(seats)} places`,
    attendeesCount: (n: number) => count(n),
    attendeesLabel: 'Participants',
    desk: 'Accueil',
    edit: 'Modifier',
    publish: 'Publier',
    unpublish: 'Dépublier',
    openKiosk: 'Ouvrir la borne',
    showKioskLink: 'Lien de la borne',
    showEventPage: 'Page de l’événement',
    publishedNotice: (name: string) => `${quoted(name)} est publié\u00a0: sa borne prend les inscriptions.`,
    unpublishedNotice: (name: string) => `${quoted(name)} n’est plus publié\u00a0: sa borne est fermée.`,
  },

  badges: {
    heading: 'Badges',
    layout: 'Mise en page',
    layouts: {
      classic: 'Classique\u00a0: nom, société, type de billet et QR code, les uns sous les autres',
      side_qr: 'Large\u00a0: le QR code à côté du nom, pour les étiquettes en paysage',
      name_only: 'Nom seul\u00a0: un grand nom et la société, sans QR code',
    },
    names: { classic: 'Classique', side_qr: 'Large', name_only: 'Nom seul' },
    preview: (layout: string) => `Aperçu du badge\u00a0: ${layout}`,
    sampleName: 'Hélène Fontaine',
    sampleCompany: 'Nestlé',
    save: 'Enregistrer la mise en page',
    unsaved: 'Pas encore enregistrée',
    saved: (layout: string) => `Les badges s’impriment désormais en mise en page ${layout}.`,
  },

  brand: {
    heading: 'Logo et couleur',
    intro:
      'Affichés sur la borne et imprimés sur les badges. La couleur sert aux boutons\u202f; les résultats d’enregistrement gardent leurs couleurs.',
    accent: 'Couleur d’accent',
    accentHint: 'Un texte blanc doit rester lisible dessus\u00a0: une couleur trop claire est refusée.',
    saveAccent: 'Enregistrer la couleur',
    resetAccent: 'Reprendre la couleur de la borne',
    accentSaved: 'La borne utilise cette couleur dès son prochain visiteur.',
    accentReset: 'La borne reprend sa propre couleur.',
    logo: 'Logo',
    logoHint: 'Un PNG ou un JPEG de 256\u00a0Kio au plus.',
    logoAlt: 'Le logo de l’événement',
    noLogo: 'Pas encore de logo.',
    logoSaved: 'Logo enregistré.',
    removeLogo: 'Retirer le logo',
    logoRemoved: 'Logo retiré.',
  },

  kioskLink: {
    heading: 'Lien de la borne',
    label: 'Adresse de la borne',
    hint: 'Ouvrez cette adresse sur la borne, ou scannez le code avec une tablette. Les inscriptions fonctionnent tant que l’événement est publié.',
    qrAlt: (name: string) => `QR code du lien de la borne de ${name}`,
    afterSave: 'Le lien de la borne et son QR code apparaîtront ici une fois l’événement enregistré.',
  },

  eventPage: {
    heading: 'Page de l’événement',
    label: 'Adresse de la page de l’événement',
    hint: 'Chacun s’y inscrit depuis son propre téléphone. Mettez-la sur votre site et dans vos e-mails, ou imprimez son QR code sur une affiche.',
    qrAlt: (name: string) => `QR code de la page de l’événement ${name}`,
    open: 'Ouvrir la page',
    printPoster: 'Imprimer une affiche',
    posterCall: 'Inscription\u00a0: scannez ce code avec votre téléphone',
    problems: (n: number) =>
      n === 1
        ? 'Une chose empêche cette page de prendre des inscriptions\u00a0:'
        : `${count(n)} choses empêchent cette page de prendre des inscriptions\u00a0:`,
    allGood: 'La page prend les inscriptions.',
    published: 'Publié\u00a0: la page montre l’événement.',
    notPublished:
      'Non publié\u00a0: la page indique que l’événement n’est pas disponible. Publiez-le, puis enregistrez.',
    registrationClosed: 'Inscriptions closes\u00a0: la page montre l’événement mais ne prend personne.',
    afterSave:
      'Le lien de la page de l’événement et son QR code apparaîtront ici une fois l’événement enregistré.',
  },

  share: {
    copy: 'Copier le lien',
    copied: 'Lien copié.',
    copyFailed: 'Copie impossible\u00a0: sélectionnez le lien et copiez-le à la main.',
    noNetwork:
      'Les autres appareils ne peuvent pas ouvrir cette adresse\u00a0: cet ordinateur n’a pas d’adresse sur le réseau du lieu, et le lien ne fonctionne que sur lui. Connectez-le au réseau pour diffuser le lien.',
    thisMachineOnly:
      'Les autres appareils ne peuvent pas ouvrir cette adresse\u00a0: Arrivals n’accepte que les connexions de cet ordinateur (lancé avec --host 127.0.0.1, ou en borne autonome). Lancez-le comme serveur principal du lieu, ou avec arrivals serve, pour que les téléphones le joignent.',
  },

  readiness: {
    heading: 'Avant de diffuser le lien',
    problems: (n: number) =>
      n === 1
        ? 'Une chose empêche cette borne de fonctionner\u00a0:'
        : `${count(n)} choses empêchent cette borne de fonctionner\u00a0:`,
    allGood: 'La borne est prête.',
    published: 'Publié\u00a0: la borne montre l’événement.',
    notPublished:
      'Non publié\u00a0: la borne indique que l’événement n’est pas disponible et ne prend personne. Publiez-le, puis enregistrez.',
    registrationOpen: 'Les inscriptions sont ouvertes.',
    registrationClosed: 'Inscriptions closes\u00a0: la borne ne fait qu’enregistrer les arrivées.',
    checkInOff:
      'Enregistrement des arrivées désactivé\u00a0: personne ne peut arriver, ni à la borne ni à l’accueil. Choisissez quand il ouvre.',
    checkInAnyTime:
      'Enregistrement des arrivées ouvert à tout moment\u00a0: une personne qui s’inscrit de chez elle peut enregistrer son arrivée avant de venir. Choisissez quand il ouvre.',
    checkInOpensAt: (time: string) =>
      `L’enregistrement des arrivées ouvre le ${time}\u202f; la borne l’indique jusque-là.`,
    checkInOpen: 'L’enregistrement des arrivées est ouvert.',
    checkInClosed: (time: string) => `L’enregistrement des arrivées a fermé le ${time}.`,
    noSelfCheckIn:
      'Les participants ne peuvent pas enregistrer eux-mêmes leur arrivée\u00a0: seul l’accueil le fait.',
    noStart: 'Pas de date de début\u00a0: la borne ne peut pas dire quand a lieu l’événement.',
    tones: { ok: 'Prêt', warning: 'À vérifier', problem: 'Manquant' },
  },

  editor: {
    newTitle: 'Nouvel événement',
    editTitle: (name: string) => `Modifier ${quoted(name)}`,
    intro:
      'Les dates et heures suivent les horloges du fuseau horaire de l’événement. L’aperçu montre le formulaire de la borne au fil de vos modifications.',
    desk: 'Accueil des participants',
    openKiosk: 'Ouvrir la borne',
    formLabel: 'Réglages de l’événement',
    save: 'Enregistrer l’événement',
    create: 'Créer l’événement',
    created: (name: string) => `${quoted(name)} a été créé.`,
    saved: (name: string) => `${quoted(name)} a été enregistré.`,
    fixProblems:
      'L’événement n’a pas été enregistré\u00a0: veuillez corriger les problèmes signalés dans le formulaire.',
    unsaved: 'Vous avez des modifications non enregistrées.',
  },

  details: {
    heading: 'Événement',
    name: 'Nom',
    description: 'Description',
    location: 'Lieu',
    timezone: 'Fuseau horaire',
    timezoneHint: 'Toutes les dates et heures de cet événement suivent les horloges de ce fuseau.',
    startsAt: 'Début',
    endsAt: 'Fin',
    zoneHint: (zone: string) => `Heure de ${zone}.`,
  },

  registration: {
    heading: 'Inscriptions',
    seats: 'Places',
    seatsHint: 'Laissez vide pour un nombre illimité.',
    requiresApproval: 'Les nouvelles inscriptions attendent une validation',
    requiresApprovalHint: 'L’équipe les valide à l’accueil avant que les personnes puissent arriver.',
    opensAt: 'Ouverture des inscriptions',
    opensAtHint: 'Laissez vide pour ouvrir dès la publication de l’événement.',
    closesAt: 'Clôture des inscriptions',
    closesAtHint: 'Laissez vide pour clore à la fin de l’événement.',
    published: 'Publié',
    publishedHint:
      'Les bornes montrent un événement publié et prennent ses inscriptions. L’enregistrement l’applique.',
    publishedState: 'Publié\u00a0: ses bornes prennent les inscriptions et les arrivées.',
    notPublishedState: 'Non publié\u00a0: ses bornes ne montrent rien et ne prennent personne.',
    redirectUrl: 'Adresse de redirection',
    redirectUrlHint:
      'Facultatif\u00a0: après l’inscription, la personne reçoit un QR code de cette adresse. Elle doit contenir {code}, remplacé par son code de participant.',
    redirectUrlMissingCode:
      'Cette adresse ne contient pas encore {code}\u00a0: ajoutez-le là où va le code du participant.',
  },

  checkIn: {
    heading: 'Enregistrement des arrivées',
    period: 'Quand les arrivées peuvent-elles être enregistrées\u202f?',
    periods: {
      disabled: 'Jamais\u00a0: l’enregistrement des arrivées est désactivé',
      immediate: 'À tout moment',
      starts_on: 'À partir d’une date et d’une heure',
      date_range: 'Entre deux dates et heures',
    },
    startsAt: 'Ouverture de l’enregistrement',
    followsEvent: 'Une heure avant le début de l’événement, tant que vous ne la fixez pas ici.',
    endsAt: 'Fermeture de l’enregistrement',
    allowSelfCheckin: 'Les participants peuvent enregistrer eux-mêmes leur arrivée à la borne',
    allowSelfCheckinHint: 'Sinon, l’équipe enregistre les arrivées à l’accueil.',
  },

  fields: {
    heading: 'Formulaire d’inscription',
    intro:
      'Les champs du formulaire d’inscription de la borne, dans l’ordre. Le formulaire a besoin d’un champ e-mail obligatoire (clé email, type e-mail)\u00a0: les participants enregistrent leur arrivée avec.',
    add: 'Ajouter un champ',
    field: (position: number) => `Champ ${position}`,
    unnamed: 'nouveau champ',
    label: 'Libellé',
    labelFr: 'Libellé en français',
    labelFrHint:
      'Affiché sur la page de l’événement, la borne et l’e-mail en français. Vide\u00a0: le libellé ci-dessus.',
    key: 'Clé',
    keyHint: 'Nomme la réponse dans les exports et l’API\u00a0: a-z, 0-9 et _, en commençant par une lettre.',
    type: 'Type',
    required: 'Obligatoire',
    types: {
      text: 'Texte',
      email: 'E-mail',
      phone: 'Téléphone',
      date: 'Date',
      textarea: 'Texte long',
      select: 'Liste de choix',
    },
    moveUp: 'Monter',
    moveDown: 'Descendre',
    remove: 'Retirer',
    moved: (label: string, position: number, total: number) =>
      `${label} est maintenant en position ${position} sur ${total}.`,
    removed: (label: string) => `${label} a été retiré.`,
    options: 'Choix',
    optionsHint:
      'La valeur est enregistrée\u202f; le libellé est ce que voient les participants, en français le libellé français s’il est donné.',
    noOptions: 'Pas encore de choix\u00a0: ajoutez le premier que les participants pourront sélectionner.',
    optionValue: 'Valeur',
    optionLabel: 'Libellé',
    optionLabelFr: 'Libellé en français',
    optionValueOf: (position: number) => `Valeur du choix ${position}`,
    optionLabelOf: (position: number) => `Libellé du choix ${position}`,
    optionLabelFrOf: (position: number) => `Libellé en français du choix ${position}`,
    addOption: 'Ajouter un choix',
    removeOption: (position: number) => `Retirer le choix ${position}`,
  },

  preview: {
    heading: 'Aperçu de la borne',
    intro: 'Le formulaire d’inscription tel que la borne le montre. Essayez-le\u00a0: rien n’est envoyé.',
    untitledEvent: 'cet événement',
    unnamedField: 'Champ sans nom',
  },

  // The labels a new event's fields are given (English and French) whatever the dashboard's language: the event's
  // English screens show the first, its French ones the second.
  defaultFields: eventsEn.defaultFields,
  defaultFieldsFr: eventsEn.defaultFieldsFr,
};
