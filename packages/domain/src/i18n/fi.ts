/**
 * Finnish texts shared by the API and the web app: validation messages (spec 000 §5, quoted
 * exactly, quirks included) and error codes. The web app adds its own screen texts on top.
 */
export const fi = {
  validation: {
    emailRequired: 'Sähköposti on pakollinen tieto',
    emailInvalid: 'Sähköposti ei ole kelvolline',
    emailInvalidAdmin: 'Sähköposti ei ole kelvollinen',
    codeRequired: 'Koodi/koodit on pakollinen tieto',
    codeTooShort: 'Tarkista koodin oikeellisuus',
    passwordRequired: 'Salasana on pakollinen',
    passwordTooShort: 'Salasanan oltava vähintään 8 merkkiä',
    passwordsDoNotMatch: 'Salasanat eivät täsmää',
    passwordsDidNotMatch: 'Salasanat eivät täsmänneet. Yritä uudelleen.',
    firstNameRequired: 'Etunimi on pakollinen tieto',
    lastNameRequired: 'Sukunimi on pakollinen tieto',
    required: 'Pakollinen kenttä',
    invalidValue: 'Virheellinen arvo',
    checkForm: 'Tarkasta annetut tiedot',
  },
  errors: {
    VALIDATION_FAILED: 'Tarkasta annetut tiedot',
    INVALID_JSON: 'Pyynnön sisältö ei ole kelvollista JSONia',
    UNSUPPORTED_MEDIA_TYPE: 'Pyynnön sisältötyyppiä ei tueta',
    PAYLOAD_TOO_LARGE: 'Pyyntö on liian suuri',
    ROUTE_NOT_FOUND: 'Sivua tai toimintoa ei löytynyt',
    METHOD_NOT_ALLOWED: 'Toiminto ei ole sallittu',
    INVALID_CREDENTIALS: 'Sähköposti tai salasana on väärin',
    ACCOUNT_INACTIVE: 'Käyttäjätunnus ei ole käytössä. Ota yhteyttä ylläpitäjään.',
    UNAUTHORIZED: 'Kirjaudu sisään jatkaaksesi',
    SESSION_EXPIRED: 'Istunto on vanhentunut. Kirjaudu uudelleen.',
    FORBIDDEN: 'Sinulla ei ole oikeutta tähän toimintoon',
    USER_NOT_FOUND: 'Käyttäjää ei löytynyt',
    ORGANIZATION_NOT_FOUND: 'Organisaatiota ei löytynyt',
    TARGET_NOT_FOUND: 'Kohdetta ei löytynyt',
    EMAIL_TAKEN: 'Sähköpostiosoite on jo käytössä',
    REGISTRATION_CODE_INVALID: 'Rekisteröintikoodi ei kelpaa. Tarkista koodi.',
    REGISTRATION_CODE_EXPIRED: 'Rekisteröintikoodi on vanhentunut. Pyydä uusi koodi ylläpitäjältä.',
    REGISTRATION_CODE_REVOKED:
      'Rekisteröintikoodi on poistettu käytöstä. Pyydä uusi koodi ylläpitäjältä.',
    RESET_LINK_INVALID: 'Linkki on vanhentunut tai jo käytetty. Pyydä uusi linkki.',
    WRONG_PASSWORD: 'Nykyinen salasana on väärin',
    TOO_MANY_REQUESTS: 'Liian monta yritystä. Yritä myöhemmin uudelleen.',
    DATABASE_UNAVAILABLE: 'Tietokantaan ei saada yhteyttä',
    INTERNAL_ERROR: 'Jokin meni vikaan',
  },
  messages: {
    loginOk: 'Kirjautuminen onnistui',
    authOk: 'Kirjautunut',
    healthOk: 'Palvelu toimii',
    registerOk: 'Rekisteröityminen onnistui. Voit nyt kirjautua sisään.',
    forgotPasswordOk:
      'Jos osoite löytyy palvelusta, lähetimme siihen ohjeet salasanan vaihtamiseen.',
    resetPasswordOk: 'Salasana vaihdettu. Voit nyt kirjautua uudella salasanalla.',
    changePasswordOk: 'Salasana vaihdettu',
    ownDetailsOk: 'Tiedot tallennettu',
    outboxOk: 'Lähtevät viestit haettu',
  },
  /** 429 texts naming the time (Europe/Helsinki) when the caller may try again. */
  rateLimit: {
    failedSignIns: 'Liian monta epäonnistunutta yritystä. Yritä uudelleen klo {{time}}.',
    attempts: 'Liian monta yritystä. Yritä uudelleen klo {{time}}.',
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type SharedMessages = Widen<typeof fi>;
export type ErrorCode = keyof typeof fi.errors;
export type ValidationKey = keyof typeof fi.validation;
