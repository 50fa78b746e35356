// The one lookup (t) for every user-facing string, in English and German; nothing visible is written
// anywhere else. A string lives in the module that shows it (its addStrings, run when it is imported,
// before anything is drawn); only strings several screens share are here: the way back, the status
// line, sound and interval names, rhythm's shared words, the server's refusals. So a new kind or screen
// adds its strings without editing this file, and no string here names a kind.

const tables = {
  en: {
    'nav.back': '‹ Start',
    'nav.backToSettings': '‹ Settings',
    'pending.one': '1 answer waiting to be saved',
    'pending.other': '{count} answers waiting to be saved',
    'pending.ownerOne': "1 answer of {name}'s is waiting for {name} to sign in",
    'pending.ownerOther': "{count} answers of {name}'s are waiting for {name} to sign in",
    'offline.none': 'Offline',
    'offline.one': 'Offline — 1 answer will be saved later',
    'offline.other': 'Offline — {count} answers will be saved later',
    'offline.noTrials': 'No more trials until Peach can be reached',
    'settings.soundSource.default': 'Peach’s choice (piano for harmony and melodies, sine otherwise)',
    'settings.soundSource.sine': 'Sine wave',
    'settings.soundSource.piano': 'Piano',
    'settings.soundSource.strings': 'Strings',
    'settings.soundSource.flute': 'Flute',
    'settings.soundSource.choir': 'Choir (aahs)',
    'settings.soundSource.organ': 'Reed organ',
    'training.soundInstead': '{name} fades away, so the note you tune is a sine.',
    'interval.P1': 'Unison',
    'interval.m2': 'Minor second',
    'interval.M2': 'Major second',
    'interval.m3': 'Minor third',
    'interval.M3': 'Major third',
    'interval.P4': 'Perfect fourth',
    'interval.d5': 'Tritone',
    'interval.P5': 'Perfect fifth',
    'interval.m6': 'Minor sixth',
    'interval.M6': 'Major sixth',
    'interval.m7': 'Minor seventh',
    'interval.M7': 'Major seventh',
    'interval.P8': 'Octave',
    'interval.up': 'up',
    'interval.down': 'down',
    'interval.label': '{name} {direction} · {tuning}',
    'interval.named': '{name} {direction}',
    'interval.unisonLabel': '{name} · {tuning}',
    'tuning.equalTemperament': 'equal temperament',
    'tuning.justIntonation': 'just intonation',
    'settings.interval': 'Interval',
    'settings.scaleMode': 'Mode',
    'settings.scaleMode.major': 'Major',
    'settings.scaleMode.minor': 'Minor',
    'rhythm.tempo': '{bpm} BPM',
    'rhythm.tap': 'Tap',
    'rhythm.calibrate': 'Calibrate',
    'rhythm.early': '{value} ms early',
    'rhythm.late': '{value} ms late',
    'rhythm.onTime': 'On time',
    'rhythm.noHits': 'no hits',
    'fillTheGap.hitRate': 'Hit rate',
    'unit.percent': '{value} %',
    'start.signedInAs': 'Signed in as {name}',
    'account.newPassword': 'New password',
    'account.signOut': 'Sign out',
    'classes.title': 'My classes',
    'classes.aStudent': 'a student',
    'keys.taps': 'Keys: Space or any letter taps · Esc back',
    'training.sound': 'Sound: {name}',
    'refusal.wrongCredentials': 'Wrong name or password.',
    'refusal.wrongPassword': 'The current password is not right.',
    'refusal.throttled': 'Too many wrong passwords. Try again in {retryAfter} s.',
    'refusal.nameTaken': 'That name is taken. Choose another one.',
    'refusal.invalidName': 'A name is {minimum}–{maximum} characters: letters a–z, digits, “.”, “-” or “_”.',
    'refusal.invalidPassword': 'A password is {minimum}–{maximum} characters long.',
    'refusal.unknownInvitation': 'There is no class with this invitation code. Check it with your teacher.',
    'refusal.notInClass': 'You are not in this class.',
    'refusal.classNameLength': 'A class name is {minimum}–{maximum} characters long.',
    'refusal.signInFirst': 'Please sign in first.',
    'refusal.teachersOnly': 'Only a teacher has classes.',
    'refusal.noSuchClass': 'You have no such class.',
    'refusal.noSuchStudent': 'There is no such student in your classes.',
    'refusal.readOnly': 'A student’s profile can only be read.',
    'refusal.passwordChangeRequired': 'Choose your own password first.',
    'refusal.unchangedPassword': 'That is your current password. Choose a new one.',
    'refusal.unknownInvitationLink': 'This invitation link is not known. Check it with your teacher.',
    'refusal.invitationUsed': 'This invitation link has been used. Sign in with your name and the password you chose.',
    'refusal.invitationExpired': 'This invitation link has expired. Ask your teacher for a new one.',
    'refusal.invalidAssignment': 'The assignment was not set: check its fields.',
    'refusal.unavailable': 'Peach cannot reach its data right now. Try again in a moment.',
    'refusal.other': 'That did not work (error {status}). Try again in a moment.',
  },
  de: {
    'nav.back': '‹ Start',
    'nav.backToSettings': '‹ Einstellungen',
    'pending.one': '1 Antwort wartet aufs Speichern',
    'pending.other': '{count} Antworten warten aufs Speichern',
    'pending.ownerOne': '1 Antwort von {name} wartet, bis {name} sich anmeldet',
    'pending.ownerOther': '{count} Antworten von {name} warten, bis {name} sich anmeldet',
    'offline.none': 'Offline',
    'offline.one': 'Offline — 1 Antwort wird später gespeichert',
    'offline.other': 'Offline — {count} Antworten werden später gespeichert',
    'offline.noTrials': 'Keine weiteren Aufgaben, bis Peach wieder erreichbar ist',
    'settings.soundSource.default': 'Peachs Wahl (Klavier für Harmonie und Melodien, sonst Sinuston)',
    'settings.soundSource.sine': 'Sinuston',
    'settings.soundSource.piano': 'Klavier',
    'settings.soundSource.strings': 'Streicher',
    'settings.soundSource.flute': 'Flöte',
    'settings.soundSource.choir': 'Chor (Aah)',
    'settings.soundSource.organ': 'Harmonium',
    'training.soundInstead': '{name} klingt aus, darum ist der Ton zum Einstimmen ein Sinuston.',
    'interval.P1': 'Prime',
    'interval.m2': 'Kleine Sekunde',
    'interval.M2': 'Große Sekunde',
    'interval.m3': 'Kleine Terz',
    'interval.M3': 'Große Terz',
    'interval.P4': 'Reine Quarte',
    'interval.d5': 'Tritonus',
    'interval.P5': 'Reine Quinte',
    'interval.m6': 'Kleine Sexte',
    'interval.M6': 'Große Sexte',
    'interval.m7': 'Kleine Septime',
    'interval.M7': 'Große Septime',
    'interval.P8': 'Oktave',
    'interval.up': 'aufwärts',
    'interval.down': 'abwärts',
    'interval.label': '{name} {direction} · {tuning}',
    'interval.named': '{name} {direction}',
    'interval.unisonLabel': '{name} · {tuning}',
    'tuning.equalTemperament': 'gleichstufige Stimmung',
    'tuning.justIntonation': 'natürliche Stimmung',
    'settings.interval': 'Intervall',
    'settings.scaleMode': 'Tongeschlecht',
    'settings.scaleMode.major': 'Dur',
    'settings.scaleMode.minor': 'Moll',
    'rhythm.tempo': '{bpm} BPM',
    'rhythm.tap': 'Tippen',
    'rhythm.calibrate': 'Kalibrieren',
    'rhythm.early': '{value} ms zu früh',
    'rhythm.late': '{value} ms zu spät',
    'rhythm.onTime': 'Genau im Takt',
    'rhythm.noHits': 'keine Treffer',
    'fillTheGap.hitRate': 'Treffer\u00ADquote',
    'unit.percent': '{value} %',
    'start.signedInAs': 'Angemeldet als {name}',
    'account.newPassword': 'Neues Passwort',
    'account.signOut': 'Abmelden',
    'classes.title': 'Meine Klassen',
    'classes.aStudent': 'einer Schülerin oder eines Schülers',
    'keys.taps': 'Tasten: Leertaste oder ein Buchstabe tippt · Esc zurück',
    'training.sound': 'Klang: {name}',
    'refusal.wrongCredentials': 'Name oder Passwort falsch.',
    'refusal.wrongPassword': 'Das aktuelle Passwort stimmt nicht.',
    'refusal.throttled': 'Zu viele falsche Passwörter. Versuche es in {retryAfter} s noch einmal.',
    'refusal.nameTaken': 'Diesen Namen gibt es schon. Wähle einen anderen.',
    'refusal.invalidName': 'Ein Name hat {minimum}–{maximum} Zeichen: Buchstaben a–z, Ziffern, „.“, „-“ oder „_“.',
    'refusal.invalidPassword': 'Ein Passwort ist {minimum}–{maximum} Zeichen lang.',
    'refusal.unknownInvitation': 'Zu diesem Einladungscode gibt es keine Klasse. Prüfe ihn mit deiner Lehrkraft.',
    'refusal.notInClass': 'Du bist nicht in dieser Klasse.',
    'refusal.classNameLength': 'Ein Klassenname ist {minimum}–{maximum} Zeichen lang.',
    'refusal.signInFirst': 'Bitte melde dich zuerst an.',
    'refusal.teachersOnly': 'Nur Lehrkräfte haben Klassen.',
    'refusal.noSuchClass': 'Diese Klasse gibt es bei dir nicht.',
    'refusal.noSuchStudent': 'Diese Person ist in keiner deiner Klassen.',
    'refusal.readOnly': 'Profile von Schüler:innen können nur gelesen werden.',
    'refusal.passwordChangeRequired': 'Wähle zuerst dein eigenes Passwort.',
    'refusal.unchangedPassword': 'Das ist dein aktuelles Passwort. Wähle ein neues.',
    'refusal.unknownInvitationLink': 'Diesen Einladungslink gibt es nicht. Prüfe ihn mit deiner Lehrkraft.',
    'refusal.invitationUsed': 'Dieser Einladungslink wurde schon benutzt. Melde dich mit deinem Namen und dem Passwort an, das du gewählt hast.',
    'refusal.invitationExpired': 'Dieser Einladungslink ist abgelaufen. Bitte deine Lehrkraft um einen neuen.',
    'refusal.invalidAssignment': 'Die Aufgabe wurde nicht gestellt: Prüfe ihre Felder.',
    'refusal.unavailable': 'Peach erreicht seine Daten gerade nicht. Versuche es gleich noch einmal.',
    'refusal.other': 'Das hat nicht geklappt (Fehler {status}). Versuche es gleich noch einmal.',
  },
};

export const languages = Object.keys(tables);

/**
 * Adds a module's own strings, `{ en: {…}, de: {…} }`, when it is imported (before it draws
 * anything). Every language the page speaks must be there, and no key may be taken twice.
 */
export function addStrings(strings) {
  for (const language of languages) {
    const table = strings[language];
    if (!table) throw new Error(`no ${language} strings`);
    for (const key of Object.keys(table)) if (key in tables[language]) throw new Error(`string ${key} given twice`);
    Object.assign(tables[language], table);
  }
}

function browserLanguage() {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (tables[base]) return base;
  }
  return 'en';
}

let current = browserLanguage();

/** An explicit language from Settings, or anything else ('auto') to follow the browser. */
export function setLanguage(language) {
  const previous = current;
  current = tables[language] ? language : browserLanguage();
  document.documentElement.lang = current;
  translate(document);
  // Screens re-draw what they formatted on a change only: the same language again redraws nothing.
  if (current !== previous) document.dispatchEvent(new CustomEvent('languagechange'));
}

/** Whether `key` has a string: a code the server sends may be newer than this page. */
export function hasString(key) {
  return key in tables[current] || key in tables.en;
}

export function t(key, params = {}) {
  const text = tables[current][key] ?? tables.en[key];
  if (text === undefined) throw new Error(`missing string ${key}`);
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name]));
}

/** Fills every element marked data-i18n with its string, and data-i18n-aria-label into aria-label. */
export function translate(root) {
  for (const element of root.querySelectorAll('[data-i18n]')) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const element of root.querySelectorAll('[data-i18n-aria-label]')) {
    element.setAttribute('aria-label', t(element.dataset.i18nAriaLabel));
  }
}

/** "Perfect fifth up · just intonation", from a trial's `interval` and `tuningSystem`. */
export function intervalLabel(interval, tuningSystem) {
  const name = t(`interval.${interval.name}`);
  const tuning = t(`tuning.${tuningSystem}`);
  return interval.name === 'P1'
    ? t('interval.unisonLabel', { name, tuning })
    : t('interval.label', { name, direction: t(`interval.${interval.direction}`), tuning });
}

/** The line naming a trial's sound (its `sound`): the instrument, or why a sine plays instead. */
export function soundText(sound) {
  return sound.insteadOf
    ? t('training.soundInstead', { name: soundLabel(sound.insteadOf) })
    : t('training.sound', { name: soundLabel(sound.id, sound.name) });
}

/** An instrument's translated name; sounds without a translation (a user SoundFont's presets) keep `name`. */
export function soundLabel(id, name = id) {
  const key = `settings.soundSource.${id}`;
  return tables[current][key] ?? tables.en[key] ?? name;
}

/** The current language, for number and date formatting. */
export function language() {
  return current;
}

/** For the test that checks both tables have the same keys. */
export const _tables = tables;
