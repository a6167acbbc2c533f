import type { Catalogue, UsedTicketWords } from './en.ts';
import { dashboardWords } from './dashboard-words.ts';
import type { DashboardWords } from './en-dashboard.ts';
import { serverFr } from './fr-server.ts';

/** French counts: 0 and 1 take the singular ("0 modification", "1 modification"), 2 and more the plural. */
const plural = (count: number, one: string, other: string) =>
  new Intl.PluralRules('fr').select(count) === 'one' ? one : other;

/** A number as French writes it: 1234 with a narrow no-break space after the 1. */
const number = (count: number) => new Intl.NumberFormat('fr-FR').format(count);

const problem = {
  required: (label: string) => `Veuillez renseigner le champ «\u202f${label}\u202f».`,
  too_long: (label: string, max: number) =>
    `Le champ «\u202f${label}\u202f» ne peut pas dépasser ${number(max)} ${plural(max, 'caractère', 'caractères')}.`,
  email: 'Veuillez saisir une adresse e-mail du type nom@exemple.fr.',
  date: 'Veuillez saisir une date valide.',
  select: (label: string) => `Veuillez choisir l’une des options du champ «\u202f${label}\u202f».`,
  single_line: (label: string) => `Le champ «\u202f${label}\u202f» doit tenir sur une seule ligne.`,
  not_text: (label: string) =>
    `Le champ «\u202f${label}\u202f» contient des caractères invisibles (de contrôle ou de direction) qui ne peuvent pas y figurer.`,
};

const seeStaff = 'Veuillez vous adresser à l’équipe de l’événement.';
const somethingWrong = `Un problème est survenu. Veuillez réessayer ou demander de l’aide à l’équipe de l’événement.`;

/**
 * Every word the kiosk shows, in French: addressed as « vous », worded so that no sentence assumes the reader's
 * gender, with French typography: a no-break space before a colon (`\u00a0`), a narrow one before ; ? ! and
 * inside « » (`\u202f`), written as escapes so they can be seen, and the ’ apostrophe. Typed `Catalogue`, so a
 * key missing here, or one more than en.ts has, fails `npm run typecheck`. The staff dashboard's words are in
 * ./fr-dashboard*.ts, one file per area as in English.
 */
export const fr: Catalogue = {
  locale: 'fr',

  language: {
    name: 'Français',
    switchLabel: 'Langue',
  },

  app: {
    name: 'Arrivals',
    loading: 'Chargement…',
    unreachable: 'Le serveur Arrivals est injoignable pour le moment. Veuillez réessayer dans un instant.',
    tryAgain: 'Réessayer',
    back: 'Retour',
    done: 'Terminé',
    returningIn: (seconds: number) => `Retour à l’écran d’accueil dans ${number(seconds)}\u00a0s.`,
    stillThere: 'Vous êtes toujours là\u202f?',
    stillThereMessage: (seconds: number) =>
      `Pour la confidentialité de la personne suivante, votre saisie sera effacée dans ${number(seconds)}\u00a0s.`,
    continue: 'Continuer',
    pageNotFound: 'Cette page n’existe pas.',
    goToStart: 'Aller à la page de départ',
    somethingWrong,
  },

  hub: {
    lostTitle: 'Pas de connexion au serveur principal',
    lostMessage: `Les inscriptions et l’enregistrement des arrivées sont suspendus jusqu’au retour de la connexion, qui se rétablira d’elle-même. ${seeStaff}`,
    offlineTitle: 'Fonctionnement hors ligne',
    offlineMessage: (waiting: number) => {
      const usual =
        'Les inscriptions et l’enregistrement des arrivées fonctionnent normalement\u202f; ils seront transmis au serveur principal dès son retour.';
      return waiting === 0
        ? usual
        : `${number(waiting)} ${plural(waiting, 'modification en attente', 'modifications en attente')}. ${usual}`;
    },
    cornerOffline: (waiting: number) =>
      waiting === 0 ? 'Hors ligne' : `Hors ligne · ${number(waiting)} en attente`,
    cornerHubLost: 'Serveur principal injoignable',
    cornerServerLost: 'Serveur injoignable',
    cornerServerSlow: 'Serveur lent à répondre',
    pausedTitle: 'Un instant, s’il vous plaît',
    pausedMessage: `Cette borne se reconnecte. Si cela dure, ${seeStaff.charAt(0).toLowerCase()}${seeStaff.slice(1)}`,
    slowMessage: 'Cette borne attend une réponse. Elle reprend d’elle-même.',
  },

  start: {
    title: 'Choisissez l’événement de cette borne',
    intro:
      'Équipe\u00a0: choisissez l’événement que cette borne accueille. Les participants ne verront que celui-ci.',
    organizationsTitle: 'Choisissez une organisation',
    noEvents: 'Aucun événement n’est encore publié.',
    organizationNotFound: 'Cette organisation n’existe pas.',
    dashboard:
      'Tableau de bord de l’équipe\u00a0: configurer Arrivals, les événements, les participants et les jetons d’API',
    when: (start: string, end: string | null) => (end ? `${start} – ${end}` : start),
    sound: 'Émettre un son à chaque résultat sur les bornes de cet appareil',
    eventPage: 'Sa page d’inscription, pour les téléphones des participants',
  },

  home: {
    register: 'S’inscrire',
    registerHint: 'Première visite\u202f? Inscrivez-vous à cet événement.',
    checkIn: 'Enregistrer mon arrivée',
    checkInHint: 'Vous avez une inscription\u202f? Enregistrez votre arrivée avec votre adresse e-mail.',
    scan: 'Scanner mon code',
    scanHint: 'Présentez à la caméra votre QR code d’enregistrement ou celui de votre profil.',
    scanned: 'Votre code scanné',
    staffCheckIn: 'Pour enregistrer votre arrivée, veuillez vous adresser à l’équipe de l’événement.',
    checkInOpens: ({ text, sameDay }: { text: string; sameDay: boolean }) =>
      sameDay ? `Ouverture à ${text}.` : `Ouverture le ${text}.`,
    registrationOpens: ({ text, sameDay }: { text: string; sameDay: boolean }) =>
      sameDay ? `Ouverture des inscriptions à ${text}.` : `Ouverture des inscriptions le ${text}.`,
    registrationClosed: 'Les inscriptions sont closes. Veuillez vous adresser à l’équipe de l’événement.',
    eventUnavailable: 'Cet événement n’est pas disponible.',
    chooseEvent: 'Choisir un autre événement',
    actions: 'Que souhaitez-vous faire\u202f?',
  },

  form: {
    requiredNote: 'Les champs marqués d’un * sont obligatoires.',
    requiredMark: '*',
    choose: 'Choisir…',
    fixErrors: 'Veuillez corriger les champs signalés ci-dessous.',
    problem,
  },

  register: {
    title: 'Inscription',
    intro: (event: string) => `Inscrivez-vous à «\u202f${event}\u202f».`,
    fromProfile:
      'Nous avons repris les informations de votre profil. Veuillez les vérifier avant de vous inscrire.',
    checkTypedEmail:
      'Nous avons repris l’adresse e-mail saisie, qui ne correspond à aucune inscription. Veuillez la vérifier avant de vous inscrire.',
    submit: 'S’inscrire',
    submitting: 'Inscription en cours…',
    submitAndCheckIn: 'S’inscrire et enregistrer mon arrivée',
    submittingAndCheckingIn: 'Inscription et enregistrement en cours…',
    notCheckedIn:
      'Votre inscription est bien prise en compte, mais votre arrivée n’a pas pu être enregistrée\u00a0:',
    successTitle: (name: string) => `Merci, ${name}, votre inscription est prise en compte\u202f!`,
    status: 'Statut',
    statusName: {
      confirmed: 'Confirmée',
      pending: 'En attente de validation',
      canceled: 'Annulée',
      no_show: 'Absence',
    },
    pendingNote: 'L’équipe de l’événement va examiner votre inscription.',
    atTheDoor: 'À l’entrée, enregistrez votre arrivée avec votre adresse e-mail.',
    redirectPrompt: 'Scannez pour continuer sur votre téléphone',
    redirectImage: 'QR code pour poursuivre votre inscription sur votre téléphone',
    alreadyRegistered: 'Vous avez déjà une inscription',
    checkInInstead: 'Enregistrer mon arrivée',
    closedTitle: 'Les inscriptions sont closes',
  },

  checkIn: {
    title: 'Enregistrement de l’arrivée',
    intro: 'Saisissez l’adresse e-mail utilisée pour votre inscription.',
    emailLabel: 'Adresse e-mail',
    submit: 'Enregistrer mon arrivée',
    submitting: 'Enregistrement en cours…',
    successTitle: (name: string) => `Bienvenue, ${name}\u202f!`,
    checkedInAt: (time: string) => `Arrivée enregistrée à ${time}.`,
    alreadyTitle: 'Arrivée déjà enregistrée',
    notRegisteredTitle: 'Aucune inscription trouvée',
    registerNow: 'S’inscrire maintenant',
    refusedTitle: 'L’enregistrement n’est pas possible ici',
    opensTitle: ({ text, sameDay }: { text: string; sameDay: boolean }) =>
      sameDay ? `Ouverture de l’enregistrement à ${text}` : `Ouverture de l’enregistrement le ${text}`,
    opensMessage: 'L’enregistrement des arrivées n’est pas encore ouvert. Veuillez revenir à ce moment-là.',
    typoFormLabel: 'Corriger votre adresse e-mail',
    typedLabel: 'L’adresse e-mail saisie',
    typedHint: 'Une faute de frappe\u202f? Corrigez-la ici, puis réessayez.',
    notATypo: 'Pas de faute de frappe\u202f? Retrouvez votre inscription par votre nom, ou inscrivez-vous.',
    printBadge: 'Imprimer mon badge',
    printBadgeAgain: 'Réimprimer mon badge',
    printing: 'Impression en cours…',
    printed: 'Votre badge est en cours d’impression. Veuillez le récupérer à l’imprimante.',
    printFailed: (reason: string) =>
      `Le badge n’a pas pu être imprimé\u00a0: ${reason} Veuillez vous adresser à l’équipe de l’événement.`,
  },

  findMe: {
    offer: 'Me retrouver par mon nom',
    title: 'Retrouver mon inscription',
    intro:
      'Saisissez votre nom de famille tel qu’indiqué à l’inscription. Si d’autres personnes le portent, ajoutez votre prénom.',
    nameLabel: 'Nom de famille',
    submit: 'Rechercher',
    submitting: 'Recherche en cours…',
    matchesTitle: 'Êtes-vous l’une de ces personnes\u202f?',
    matchesIntro: 'Seule une partie de chaque adresse e-mail est affichée.',
    matchEmail: (masked: string) => `Adresse e-mail ${masked}`,
    noneTitle: 'Aucune inscription à ce nom',
    none: 'Nous n’avons trouvé aucune inscription à ce nom. Vérifiez l’orthographe ou adressez-vous à l’équipe de l’événement.',
    tooManyTitle: 'Plusieurs personnes portent ce nom',
    tooMany: 'Veuillez ajouter votre prénom, ou vous adresser à l’équipe de l’événement.',
    notMe: 'Je ne suis pas dans la liste',
    searchAgain: 'Nouvelle recherche',
    confirmTitle: 'Quelle est votre adresse e-mail\u202f?',
    confirmIntro: (name: string) =>
      `Pour enregistrer l’arrivée de ${name}, choisissez la fin de votre adresse e-mail.`,
    domainChoices: 'Fin de votre adresse e-mail',
    domain: (domain: string) => `…@${domain}`,
    confirming: 'Enregistrement en cours…',
    expiredTitle: 'Veuillez relancer la recherche',
    staffOnly: (name: string) =>
      `L’inscription de ${name} ne peut pas être confirmée sur cette borne\u202f: son adresse e-mail serait trop facile à deviner. ${seeStaff}`,
  },

  scan: {
    title: 'Scanner mon code',
    intro: 'Présentez devant la caméra votre QR code d’enregistrement ou celui de votre profil.',
    scannerHint: 'Un lecteur de codes-barres fonctionne aussi.',
    camera: 'Caméra',
    cameraStarting: 'Démarrage de la caméra…',
    cameraMissing: 'Aucune caméra n’a été trouvée. Vous pouvez utiliser le lecteur de codes-barres.',
    cameraDenied: 'La caméra n’est pas autorisée ici. Vous pouvez utiliser le lecteur de codes-barres.',
    cameraUnavailable:
      'La caméra ne peut pas être utilisée sur cet écran. Vous pouvez utiliser le lecteur de codes-barres.',
    cameraInsecure:
      'La caméra ne fonctionne que sur une connexion sécurisée (HTTPS), ce qui n’est pas le cas de cette page. Le lecteur de codes-barres fonctionne toujours.',
    viewfinder: 'Pour enregistrer votre arrivée, présentez votre QR code à la caméra.',
    next: 'Personne suivante\u202f? Présentez votre QR code à la caméra.',
    waiting: 'Le résultat de votre code s’affichera ici.',
    looking: 'Recherche de votre code…',
    notACode: 'Ce n’est ni un QR code d’enregistrement ni un QR code de profil.',
    privateTitle: 'Profil privé',
    waitTitle: 'Veuillez patienter un instant',
    rateLimited:
      'Beaucoup de personnes scannent en ce moment. Veuillez patienter quelques secondes, puis scanner à nouveau.',
    unnamed: 'Profil',
    registerWithProfile: 'S’inscrire avec ce profil',
    unknownTitle: (event: string) => `Nous ne trouvons pas ce code pour ${event}`,
    unknownMessage: `Si vous avez une inscription, enregistrez votre arrivée avec votre adresse e-mail ou retrouvez-vous par votre nom. Sinon, ${seeStaff.charAt(0).toLowerCase()}${seeStaff.slice(1)}`,
    otherEventTitle: (event: string) => `Ce billet est pour ${event}`,
    otherEventMessage: (here: string) =>
      `Ce n’est pas un billet pour ${here}. Si vous avez une inscription à ${here}, enregistrez votre arrivée avec votre adresse e-mail ou retrouvez-vous par votre nom. Sinon, ${seeStaff.charAt(0).toLowerCase()}${seeStaff.slice(1)}`,
    checkInWithEmail: 'M’enregistrer avec mon e-mail',
    usedTicket: (...[firstName, when, place, device]: UsedTicketWords) => {
      const at = when.sameDay ? `à ${when.text}` : `le ${when.text}`;
      const where =
        place === 'desk'
          ? ', par l’équipe de l’événement'
          : place === 'kiosk'
            ? device
              ? `, sur la borne «\u202f${device}\u202f»`
              : ', sur une borne'
            : '';
      return firstName
        ? `${firstName}\u00a0: arrivée déjà enregistrée ${at}${where}.`
        : `Ce billet a déjà servi ${at}${where}.`;
    },
    notYou: `Ce n’est pas vous\u202f? ${seeStaff}`,
    fields: {
      email: 'E-mail',
      phone: 'Téléphone',
      birthday: 'Date de naissance',
      address: 'Adresse',
      employment: 'Profession',
    },
  },

  door: {
    directions: { entry: 'Entrée', exit: 'Sortie' },
    intro: {
      entry: 'Présentez votre QR code d’enregistrement à la caméra ou au lecteur.',
      exit: 'Vous partez\u202f? Présentez votre QR code d’enregistrement à la caméra ou au lecteur.',
    },
    viewfinder: 'Présentez votre QR code à la caméra.',
    welcome: (name: string) => `Bienvenue, ${name}\u202f!`,
    welcomeBack: (name: string) => `Bon retour, ${name}\u202f!`,
    goodbye: (name: string) => `Au revoir, ${name}\u202f!`,
    admitted: (list: string) => `Entrée enregistrée\u00a0: ${list}.`,
    exitRecorded: (list: string) => `Sortie enregistrée\u00a0: ${list}.`,
    notOnListTitle: (list: string) => `${list}\u00a0: vous n’êtes pas sur la liste`,
    goTo: (lists: string) => `Veuillez vous rendre à ${lists}.`,
    opensTitle: (list: string, { text, sameDay }: { text: string; sameDay: boolean }) =>
      sameDay ? `${list}\u00a0: ouverture à ${text}` : `${list}\u00a0: ouverture le ${text}`,
    opensMessage: 'Ce n’est pas encore ouvert. Veuillez revenir à ce moment-là.',
    closedTitle: (list: string) => `${list}\u00a0: pas d’accès pour le moment`,
    alreadyTitle: 'Entrée déjà enregistrée',
    alreadyEntered: ({ text, sameDay }: { text: string; sameDay: boolean }) =>
      sameDay
        ? `Votre entrée a déjà été enregistrée aujourd’hui à ${text}.`
        : `Votre entrée a déjà été enregistrée le ${text}.`,
    fullTitle: (list: string) => `${list}\u00a0: plus de place pour le moment`,
    fullMessage: `Veuillez attendre qu’une personne sorte, ou vous adresser à l’équipe de l’événement.`,
    seeStaff,
    notFound:
      'Cette porte n’est pas disponible\u00a0: sa liste d’enregistrement a été supprimée, ou appartient à un autre événement.',
    exitsNotScanned:
      'Cette porte n’enregistre pas les sorties. Équipe\u00a0: rouvrez-la sans «\u202fdirection=exit\u202f» dans son adresse.',
  },

  eventPage: {
    organizer: (organization: string) => `Organisé par ${organization}`,
    when: 'Quand',
    where: 'Où',
    timeZone: (zone: string) => `Les horaires sont à l’heure de l’événement, ${zone}.`,
    seatsLeft: (seats: number) => `${number(seats)} ${plural(seats, 'place restante', 'places restantes')}`,
    full: 'Cet événement est complet\u00a0: les inscriptions sont closes.',
    closed: 'Les inscriptions à cet événement sont closes.',
    opens: (when: string) => `Ouverture des inscriptions le ${when}.`,
    notAvailable: 'Cet événement n’est pas disponible. Il n’est pas publié, ou le lien est erroné.',
    formTitle: 'Inscription',
    submit: 'S’inscrire',
    submitting: 'Inscription en cours…',
    registeredTitle: (name: string) => `Merci, ${name}, votre inscription est prise en compte\u202f!`,
    pendingNote:
      'L’équipe organisatrice va examiner votre inscription. Vous recevrez un e-mail dès qu’elle sera validée.',
    emailNote: (email: string) => `Une confirmation est en route vers ${email}.`,
    alreadyRegistered:
      'Cette adresse e-mail est déjà inscrite à cet événement. Votre billet se trouve dans cette boîte de réception.',
    sendAgain: 'Renvoyer mon billet',
    sendingAgain: 'Envoi…',
    sentAgain:
      'Votre billet est de nouveau en route vers cette adresse. Cela peut prendre quelques minutes\u00a0: regardez aussi dans les indésirables.',
    redirecting: 'Inscription prise en compte. Redirection en cours…',
  },

  ticket: {
    title: 'Votre billet',
    qrImage: (name: string) => `QR code d’enregistrement de ${name}`,
    showAtDoor: 'Présentez ce QR code à l’entrée, sur votre téléphone ou imprimé.',
    code: 'Code d’enregistrement\u00a0:',
    status: {
      confirmed: 'Confirmée',
      pending: 'En attente de validation',
      canceled: 'Annulée',
    },
    pending:
      'Votre inscription est en attente de validation. Le QR code de votre billet vous sera envoyé par e-mail dès sa validation.',
    canceled: 'Cette inscription est annulée\u00a0: ce billet n’est plus valable à l’entrée.',
    checkedIn: (time: string) => `Arrivée enregistrée le ${time}.`,
    addToCalendar: 'Ajouter à l’agenda',
    print: 'Imprimer ou enregistrer en PDF',
    cancel: 'Annuler mon inscription',
    confirmTitle: 'Annuler votre inscription\u202f?',
    confirmText: (event: string) =>
      `Votre inscription à «\u202f${event}\u202f» sera annulée, et ce billet ne sera plus valable à l’entrée. Cette action est définitive.`,
    confirm: 'Oui, annuler mon inscription',
    keep: 'Non, la conserver',
    cancelling: 'Annulation en cours…',
    cancelledTitle: 'Votre inscription est annulée.',
    notFound: 'Ce billet est introuvable. Veuillez vérifier le lien de votre e-mail.',
    eventPage: 'Page de l’événement',
    mailDelayed:
      'L’e-mail avec ce billet est retardé\u00a0: le serveur de messagerie de l’organisateur ne l’a pas encore accepté, un nouvel essai suivra. En attendant, cette page est votre billet\u00a0: gardez-la ou imprimez-la.',
    mailFailed:
      'L’e-mail avec ce billet n’a pas pu être remis. Cette page est votre billet\u00a0: gardez-la ou imprimez-la, et prévenez l’organisateur si votre adresse était erronée.',
    sentTo: (email: string) => `Nous avons envoyé votre billet à ${email}.`,
    wrongAddress: 'Adresse erronée\u202f?',
    correctLabel: 'Votre adresse e-mail',
    correctSave: 'Envoyer mon billet à cette adresse',
    correctKeep: 'Garder cette adresse',
    correctSending: 'Envoi en cours…',
    corrected: (email: string) => `C’est fait\u00a0: votre billet part vers ${email}.`,
    correctLocked: 'Cette adresse ne peut plus être corrigée ici. Veuillez contacter l’organisateur.',
  },

  keyboard: {
    label: 'Clavier à l’écran',
    backspace: 'Effacer',
    space: 'Espace',
    shift: 'Majuscule',
    enter: 'Entrée',
    hide: 'Masquer le clavier',
    accents: 'àéç',
    letters: 'abc',
  },

  refusals: {
    registrationClosed: 'Les inscriptions à cet événement sont closes.',
    alreadyRegistered: 'Une inscription à cet événement existe déjà avec cette adresse e-mail.',
    eventFull: 'L’événement est complet.',
    eventNotAvailable: 'Cet événement est introuvable ou n’est pas disponible.',
    eventNotFound: 'Événement introuvable.',
    organizationNotFound: 'Organisation introuvable.',
    checkInNotAvailable: 'L’enregistrement des arrivées n’est pas ouvert pour cet événement.',
    selfCheckInDisabled: `L’enregistrement des arrivées en libre-service n’est pas proposé pour cet événement. ${seeStaff}`,
    notRegistered: 'Nous ne trouvons pas votre inscription à cet événement.',
    checkInPendingApproval: `Votre inscription est en attente de validation. ${seeStaff}`,
    checkInCanceled: `Votre inscription a été annulée. ${seeStaff}`,
    codeNotFound: 'Aucune inscription à cet événement ne porte ce code.',
    findExpired: 'Cette recherche a expiré. Veuillez rechercher votre nom à nouveau.',
    findNotConfirmed: `Cette adresse e-mail ne correspond pas à cette inscription. ${seeStaff}`,
    findKioskPaused: `Trop de mauvaises réponses sur cette borne. ${seeStaff}`,
    profileNotFound: 'Profil introuvable.',
    profilePrivate: 'Ce profil est privé.',
    validationFailed: 'Certaines informations ne sont pas valides.',
    emailRequired: 'L’adresse e-mail est obligatoire.',
    tooManyAttempts: 'Trop de tentatives. Veuillez patienter quelques instants avant de réessayer.',
    tooManyProfileRequests: 'Trop de demandes. Veuillez patienter avant de réessayer.',
    serverError: 'Un problème est survenu de notre côté. Veuillez réessayer.',
    shuttingDown: 'Le serveur est en cours d’arrêt. Veuillez réessayer dans un instant.',
    hubUnreachable: `Le serveur principal est injoignable pour le moment. ${seeStaff}`,
    alreadyCheckedInAt: ({ local }) => `Votre arrivée a déjà été enregistrée le ${local}.`,
    field: (_said, found, label) => {
      switch (found.kind) {
        case 'required':
          return label ? problem.required(label) : 'Veuillez renseigner tous les champs obligatoires.';
        case 'too_long':
          return label
            ? problem.too_long(label, found.max)
            : `Une réponse dépasse ${number(found.max)} ${plural(found.max, 'caractère', 'caractères')}.`;
        case 'too_short':
          return label
            ? `Le champ «\u202f${label}\u202f» doit compter au moins ${number(found.min)} ${plural(found.min, 'caractère', 'caractères')}.`
            : `Une réponse doit compter au moins ${number(found.min)} ${plural(found.min, 'caractère', 'caractères')}.`;
        case 'email':
          return problem.email;
        case 'date':
          return problem.date;
        case 'url':
          return 'Veuillez saisir une adresse web complète, commençant par https://.';
        case 'select':
          return label ? problem.select(label) : 'Veuillez choisir l’une des options proposées.';
        case 'taken':
          return label
            ? `Cette valeur du champ «\u202f${label}\u202f» est déjà utilisée.`
            : 'Cette valeur est déjà utilisée.';
        case 'wall_time':
          return 'Veuillez saisir une date et une heure, par exemple 2026-11-21T09:00.';
        case 'until_after_from':
          return 'La fin doit venir après le début.';
        case 'invalid':
          return label
            ? `Le champ «\u202f${label}\u202f» n’est pas valide.`
            : 'Une information saisie n’est pas valide.';
      }
    },
    other: (_said, status) => {
      if (status >= 500) return 'Un problème est survenu de notre côté. Veuillez réessayer.';
      switch (status) {
        case 403:
          return `Cette action n’est pas possible ici. ${seeStaff}`;
        case 404:
          return `Nous ne trouvons pas ce que vous cherchez. ${seeStaff}`;
        case 409:
          return `Cette demande a déjà été traitée. ${seeStaff}`;
        case 400:
        case 422:
          return 'Certaines informations ne sont pas valides. Veuillez les vérifier.';
        case 429:
          return 'Trop de demandes en ce moment. Veuillez patienter quelques secondes avant de réessayer.';
        default:
          return somethingWrong;
      }
    },
  },

  server: serverFr,

  get dashboard(): DashboardWords {
    return dashboardWords('fr');
  },
};
