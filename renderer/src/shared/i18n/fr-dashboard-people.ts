import type { peopleEn } from './en-dashboard-people.ts';

/** The people pages' words in French (part of the French catalogue, fr.ts); the typography rules are fr.ts's. */
export const peopleFr: typeof peopleEn = {
  title: 'Personnes',
  intro:
    'Les personnes et leurs profils publics. Une borne qui scanne un QR code de profil remplit le formulaire d’inscription avec ce que montre le profil.',
  newPerson: 'Nouvelle personne',
  none: 'Aucune personne pour l’instant. Ajoutez la première avec «\u202fNouvelle personne\u202f».',

  list: {
    name: 'Nom',
    email: 'E-mail',
    profile: 'Profil',
    public: 'Public',
    private: 'Privé',
    noName: 'Sans nom',
  },

  form: {
    newTitle: 'Nouvelle personne',
    intro:
      'Seuls les champs que vous marquez comme publics apparaissent sur le profil, et seulement tant que le profil est public.',
    back: 'Toutes les personnes',
    formLabel: 'Personne',
    contact: 'Coordonnées',
    email: 'E-mail',
    firstName: 'Prénom',
    lastName: 'Nom',
    phone: 'Téléphone',
    birthday: 'Date de naissance',
    address: 'Adresse',
    street: 'Rue',
    city: 'Ville',
    state: 'Région ou État',
    postalCode: 'Code postal',
    country: 'Pays',
    employment: 'Emploi',
    jobTitle: 'Fonction',
    company: 'Société',
    profile: 'Profil public',
    profilePublic: 'Le profil est public',
    profilePublicHint:
      'Quiconque scanne le QR code voit les champs choisis ci-dessous. Un profil privé ne montre rien.',
    publicFields: 'Champs montrés sur le profil public',
    fields: {
      first_name: 'Prénom',
      last_name: 'Nom',
      email: 'E-mail',
      phone: 'Téléphone',
      birthday: 'Date de naissance',
      address: 'Adresse',
      employment: 'Emploi',
    },
    create: 'Créer la personne',
    save: 'Enregistrer la personne',
    created: (name: string) => `Ajout de ${name} effectué.`,
    saved: (name: string) => `Modifications de ${name} enregistrées.`,
    fixProblems:
      'La personne n’a pas été enregistrée\u00a0: veuillez corriger les problèmes signalés dans le formulaire.',
  },

  qr: {
    heading: 'QR code du profil',
    afterSave: 'Le QR code du profil apparaîtra ici une fois la personne enregistrée.',
    alt: (name: string) => `QR code du profil public de ${name}`,
    address: 'Adresse du profil',
    privateNote:
      'Ce profil est privé\u00a0: scanner le code affiche «\u202fProfil privé\u202f» tant que vous ne rendez pas le profil public.',
    print: 'Imprimer le QR code',
    printHint: 'N’imprime que le code et son adresse.',
  },
};
