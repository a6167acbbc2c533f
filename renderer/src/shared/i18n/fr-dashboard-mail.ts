import type { mailEn } from './en-dashboard-mail.ts';

/** The email words in French (part of the French catalogue, fr.ts); the typography rules are fr.ts's. */
const count = (n: number) => new Intl.NumberFormat('fr-FR').format(n);
const plural = (n: number, one: string, other: string) =>
  new Intl.PluralRules('fr').select(n) === 'one' ? one : other;
const people = (n: number) => `${count(n)} ${plural(n, 'personne', 'personnes')}`;

export const mailFr: typeof mailEn = {
  settings: {
    title: 'E-mail',
    intro:
      'Arrivals envoie à chacun son billet par e-mail\u00a0: un QR code à scanner à l’entrée, un lien vers sa page de billet et un fichier d’agenda. L’envoi passe par le serveur de messagerie de votre organisation (SMTP).',
    notSetUp: 'L’e-mail n’est pas configuré\u00a0: personne ne reçoit encore de billet par e-mail.',
    serverHeading: 'Serveur de messagerie',
    host: 'Hôte SMTP',
    hostHint: 'Par exemple smtp.example.com, ou l’adresse d’un relais sur le réseau du lieu.',
    port: 'Port',
    portHint: 'En général 587 avec STARTTLS, 465 avec TLS, 25 pour un relais.',
    security: 'Sécurité',
    securities: {
      starttls: 'STARTTLS (port 587 en général)',
      tls: 'TLS dès le départ (port 465 en général)',
      none: 'Aucune\u00a0: un relais sur le réseau du lieu',
    },
    username: 'Nom d’utilisateur',
    usernameHint: 'Laissez vide pour un serveur qui prend le courrier sans identification.',
    password: 'Mot de passe',
    passwordStored:
      'Un mot de passe est enregistré. Il n’est jamais affiché\u202f; laissez ce champ vide pour le garder.',
    passwordNone: 'Aucun mot de passe n’est enregistré. Nécessaire seulement avec un nom d’utilisateur.',
    passwordDropped:
      'À l’enregistrement, le mot de passe enregistré sera effacé\u00a0: il ne va qu’au serveur, au port, à la sécurité et à l’utilisateur pour lesquels il a été donné. Saisissez-le à nouveau pour continuer à vous identifier.',
    passwordDroppedNone:
      'À l’enregistrement, le mot de passe enregistré sera effacé\u00a0: sans sécurité, personne ne s’identifie, car le mot de passe traverserait le réseau en clair.',
    removePassword: 'Effacer le mot de passe enregistré',
    senderHeading: 'Expéditeur',
    fromAddress: 'Adresse d’expédition',
    fromName: 'Nom de l’expéditeur',
    fromNameHint:
      'Ce que les destinataires voient comme expéditeur, par exemple le nom de votre organisation.',
    replyTo: 'Adresse de réponse',
    replyToHint: 'Où vont les réponses, si ce n’est pas l’adresse d’expédition.',
    linksHeading: 'Liens des billets',
    publicUrl: 'Adresse publique de ce serveur',
    publicUrlHint:
      'Là où les téléphones joignent ce serveur, par exemple https://billets.example.org. Les liens des billets dans les e-mails commencent par elle.',
    whoHeading: 'Qui reçoit un e-mail',
    whoIntro:
      'Les personnes qui s’inscrivent sur la page de l’événement ou par l’API reçoivent toujours leur billet.',
    kioskRegistrations: 'Les personnes qui s’inscrivent à une borne',
    kioskRegistrationsHint:
      'Désactivé\u00a0: à la borne, l’arrivée est enregistrée sur place et aucun billet n’est utile.',
    imports: 'Les personnes importées d’un tableur, dès l’import',
    importsHint:
      'Désactivé\u00a0: envoyez-leur leurs billets depuis l’accueil, avec Envoyer les billets, au moment voulu.',
    maxPerMinute: 'Au plus ce nombre d’e-mails par minute',
    maxPerMinuteHint: 'Laissez vide pour envoyer aussi vite que le serveur de messagerie les accepte.',
    save: 'Enregistrer les réglages',
    saved: 'Réglages de messagerie enregistrés. Les e-mails en attente partent maintenant.',
    remove: 'Arrêter d’envoyer des e-mails',
    confirmRemoveTitle: 'Arrêter d’envoyer des e-mails',
    confirmRemove:
      'Supprimer les réglages de messagerie\u202f? Plus rien n’est envoyé\u202f; les e-mails en attente restent en file et partiront si vous reconfigurez l’e-mail.',
    removed: 'Réglages de messagerie supprimés. Plus rien n’est envoyé.',
    outboxHeading: 'Boîte d’envoi',
    outbox: (queued: number, failed: number) =>
      `${count(queued)} en attente d’envoi, ${count(failed)} en échec définitif.`,
    lastError: (when: string, reply: string) => `Dernier problème, le ${when}\u00a0: ${reply}`,
    testHeading: 'Envoyer un e-mail de test',
    testIntro: 'Envoie un e-mail maintenant et affiche ce que le serveur de messagerie a répondu.',
    testTo: 'Destinataire',
    testSubmit: 'Envoyer un e-mail de test',
    testSending: 'Envoi…',
    testSent: (reply: string | null) =>
      reply
        ? `L’e-mail de test a été envoyé. Le serveur de messagerie a répondu\u00a0: ${reply}`
        : 'L’e-mail de test a été envoyé.',
    testRefused: (reply: string) =>
      `L’e-mail de test n’a pas été envoyé. Le serveur de messagerie a répondu\u00a0: ${reply}`,
    testNoAnswer: (detail: string) => `L’e-mail de test n’a pas été envoyé\u00a0: ${detail}`,
    hints: {
      no_starttls:
        'Correction probable\u00a0: ce serveur ne propose pas STARTTLS. Essayez le port 465 avec la sécurité TLS, ou la sécurité Aucune pour un relais de votre réseau.',
      use_starttls:
        'Correction probable\u00a0: ce port commence en clair. Choisissez la sécurité STARTTLS (en général le port 587), pas TLS.',
      use_tls:
        'Correction probable\u00a0: le serveur n’a jamais salué, comme un port qui commence en TLS. Avec le port 465, choisissez la sécurité TLS.',
      credentials:
        'Correction probable\u00a0: le serveur a refusé le nom d’utilisateur ou le mot de passe. Vérifiez les deux (certains fournisseurs demandent un mot de passe d’application).',
      sign_in:
        'Correction probable\u00a0: le serveur demande une connexion. Indiquez le nom d’utilisateur et le mot de passe.',
      sender:
        'Correction probable\u00a0: le serveur a refusé l’adresse d’expédition. Utilisez une adresse que ce compte peut utiliser.',
      certificate:
        'Correction probable\u00a0: le certificat du serveur n’est pas reconnu. Vérifiez que le nom d’hôte est celui du certificat du serveur.',
      port_closed:
        'Correction probable\u00a0: rien n’écoute à cet hôte et ce port. Vérifiez le port (587, 465 ou 25).',
      host_not_found: 'Correction probable\u00a0: ce nom d’hôte n’existe pas. Vérifiez son orthographe.',
      unreachable:
        'Correction probable\u00a0: rien n’a répondu. Vérifiez l’hôte, le port et que le réseau de cette machine l’atteint.',
    },
    securityFollowsPort:
      'Choisie d’après le port (465\u00a0: TLS, 587\u00a0: STARTTLS, 25\u00a0: Aucune). Vous pouvez la changer.',
    retried: (waiting: number) =>
      waiting === 0
        ? 'Aucun e-mail n’attend.'
        : `Nouvel essai maintenant ${waiting === 1 ? 'de l’e-mail en attente' : `des ${count(waiting)} e-mails en attente`}.`,
    saveFirst: 'Enregistrez d’abord les réglages de messagerie.',
  },

  limits: {
    heading: 'Limites d’envoi',
    intro:
      'Quel que soit le nombre d’inscriptions et d’annulations faites avec une adresse, ou de billets renvoyés par l’équipe, une adresse reçoit au plus ce nombre d’e-mails sur cet événement. Les e-mails de test vers elle comptent aussi. Un e-mail au-delà de la limite n’est pas envoyé, et l’accueil en dit la raison.',
    perHour: 'E-mails vers une adresse en une heure',
    perDay: 'E-mails vers une adresse en un jour',
    save: 'Enregistrer les limites d’envoi',
    saved: (perHour: number, perDay: number) =>
      `Enregistré\u00a0: au plus ${count(perHour)} par heure et ${count(perDay)} par jour vers une adresse.`,
  },

  desk: {
    heading: 'Billets par e-mail',
    notSetUp: 'L’e-mail n’est pas configuré\u00a0: personne ne reçoit de billet par e-mail.',
    setUp: 'Configurer l’e-mail',
    notHere:
      'Les billets de cet événement sont envoyés par le serveur qu’il suit (son serveur en ligne), pas d’ici.',
    peopleCounts: (p) =>
      `${people(p.sent)} ${plural(p.sent, 'a reçu', 'ont reçu')} un e-mail, ${count(p.queued)} en attente, ${count(p.failed)} en échec, ${count(p.bounced)} ${plural(p.bounced, 'adresse refusée', 'adresses refusées')} par leur serveur, ${count(p.suppressed)} au-delà de la limite d’envoi, ${count(p.none)} sans aucun e-mail.`,
    findFailed:
      'Pour les retrouver, choisissez En échec ou Adresse refusée sous E-mail, au-dessus de la liste.',
    filter: 'E-mail',
    anyMail: 'Tous les états d’e-mail',
    states: {
      sent: (n: number) => `${plural(n, 'Envoyé', 'Envoyés')} (${count(n)})`,
      queued: (n: number) => `En attente (${count(n)})`,
      failed: (n: number) => `En échec (${count(n)})`,
      bounced: (n: number) => `Adresse refusée (${count(n)})`,
      suppressed: (n: number) => `Limite atteinte (${count(n)})`,
      none: (n: number) => `Jamais envoyé (${count(n)})`,
    },
    bounced: (kind: string) => `${kind}\u00a0: adresse refusée`,
    retryNow: 'Réessayer maintenant',
    retrying: (name: string) => `L’e-mail pour ${name} est renvoyé maintenant.`,
    suppressedCount: (n: number) =>
      `${count(n)} ${plural(n, 'non envoyé', 'non envoyés')}\u00a0: leur adresse avait atteint la limite d’envoi de l’événement.`,
    sendTickets: (n: number) => `Envoyer les billets à ${people(n)}`,
    nobodyToSend: 'Chaque inscription a reçu son billet.',
    confirmTitle: 'Envoyer les billets',
    confirmSend: (n: number) =>
      `Envoyer par e-mail un billet aux ${people(n)} inscrites et confirmées qui n’en ont jamais reçu\u202f? Les envois suivent le rythme que permet votre serveur de messagerie.`,
    send: 'Envoyer',
    sending: 'Envoi…',
    progressLabel: 'Billets envoyés',
    progress: (done: number, total: number) => `${count(done)} billets traités sur ${count(total)}.`,
    jobDone: (sent: number, failed: number) =>
      failed === 0
        ? `Terminé\u00a0: ${count(sent)} ${plural(sent, 'billet envoyé', 'billets envoyés')}.`
        : `Terminé\u00a0: ${count(sent)} ${plural(sent, 'billet envoyé', 'billets envoyés')}, ${count(failed)} en échec (choisissez En échec ou Adresse refusée sous E-mail pour les retrouver).`,
    column: 'E-mail',
    kinds: {
      confirmation: 'Billet',
      pending: 'En attente de validation',
      cancellation: 'Annulation',
    },
    none: 'Aucun',
    queued: (kind: string) => `${kind}\u00a0: en file d’attente`,
    sent: (kind: string, at: string) => `${kind}\u00a0: envoyé le ${at}`,
    failed: (kind: string) => `${kind}\u00a0: échec`,
    skipped: (kind: string) => `${kind}\u00a0: inutile`,
    suppressed: (kind: string) => `${kind}\u00a0: non envoyé, limite atteinte`,
    resend: 'Renvoyer le billet',
    resent: (name: string) => `Le billet de ${name} est en file pour un nouvel envoi.`,
  },
};
