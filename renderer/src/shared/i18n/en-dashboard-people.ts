/** The dashboard's people pages' words (part of the English catalogue, en.ts). */
export const peopleEn = {
  title: 'People',
  intro:
    'People and their public profiles. A kiosk that scans a profile QR code fills in the registration form with what the profile shows.',
  newPerson: 'New person',
  none: 'No people yet. Add the first with “New person”.',

  list: {
    name: 'Name',
    email: 'Email',
    profile: 'Profile',
    public: 'Public',
    private: 'Private',
    noName: 'No name',
  },

  form: {
    newTitle: 'New person',
    intro: 'Only the fields you mark as public appear on the profile, and only while the profile is public.',
    back: 'All people',
    formLabel: 'Person',
    contact: 'Contact',
    email: 'Email',
    firstName: 'First name',
    lastName: 'Last name',
    phone: 'Phone',
    birthday: 'Birthday',
    address: 'Address',
    street: 'Street',
    city: 'City',
    state: 'State or region',
    postalCode: 'Postal code',
    country: 'Country',
    employment: 'Employment',
    jobTitle: 'Job title',
    company: 'Company',
    profile: 'Public profile',
    profilePublic: 'The profile is public',
    profilePublicHint:
      'Anyone who scans the QR code sees the fields chosen below. A private profile shows nothing.',
    publicFields: 'Fields shown on the public profile',
    fields: {
      first_name: 'First name',
      last_name: 'Last name',
      email: 'Email',
      phone: 'Phone',
      birthday: 'Birthday',
      address: 'Address',
      employment: 'Employment',
    },
    create: 'Create person',
    save: 'Save person',
    created: (name: string) => `${name} was added.`,
    saved: (name: string) => `${name} was saved.`,
    fixProblems: 'The person was not saved: please fix the problems marked on the form.',
  },

  qr: {
    heading: 'Profile QR code',
    afterSave: 'The profile QR code appears here once the person is saved.',
    alt: (name: string) => `QR code of the public profile of ${name}`,
    address: 'Profile address',
    privateNote:
      'This profile is private: scanning the code shows “Private profile” until you make the profile public.',
    print: 'Print QR code',
    printHint: 'Prints the code and its address only.',
  },
};
