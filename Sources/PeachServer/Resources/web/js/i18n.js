// Every user-facing string, in English and German. Nothing visible is written anywhere else.

const tables = {
  en: {
    'app.name': 'Peach',
    'start.tagline': 'Train your ear for the smallest pitch differences.',
    'start.training': 'Start Training',
    'nav.back': '‹ Start',
    'comparison.title': 'Higher or lower?',
    'comparison.higher': 'Higher',
    'comparison.lower': 'Lower',
    'feedback.correct': 'Correct',
    'feedback.incorrect': 'Incorrect',
    'start.navigation': 'More',
    'start.info': 'Info',
    'start.settings': 'Settings',
    'common.close': 'Close',
    'common.cancel': 'Cancel',
    'info.developer': 'Developer',
    'info.developerName': 'The Peach developers',
    'info.version': 'Version',
    'info.copyright': 'Copyright',
    'info.copyrightNotice': '© 2026 The Peach developers',
    'settings.title': 'Settings',
    'settings.notes': 'Notes',
    'settings.lowest': 'Lowest note',
    'settings.highest': 'Highest note',
    'settings.duration': 'Note duration',
    'settings.noteGap': 'Gap between notes',
    'settings.sound': 'Sound',
    'settings.referencePitch': 'Reference pitch (A4)',
    'settings.soundSource': 'Sound source',
    'settings.soundSource.sine': 'Sine wave',
    'settings.varyLoudness': 'Vary loudness',
    'settings.noVariation': 'No variation',
    'settings.maxVariation': 'Maximum variation',
    'settings.general': 'General',
    'settings.language': 'Language',
    'settings.language.auto': 'Same as the browser',
    'settings.language.en': 'English',
    'settings.language.de': 'Deutsch',
    'settings.data': 'Training data',
    'settings.reset': 'Reset training data',
    'settings.resetConfirmTitle': 'Reset training data?',
    'settings.resetConfirmText': 'This deletes every answer and your profile. It cannot be undone.',
    'settings.resetConfirm': 'Delete everything',
    'settings.resetDone': 'All training data was deleted.',
    'settings.notSaved': 'That change could not be saved.',
    'unit.seconds': '{value} s',
    'unit.hertz': '{value} Hz',
  },
  de: {
    'app.name': 'Peach',
    'start.tagline': 'Trainiere dein Gehör für die feinsten Tonhöhenunterschiede.',
    'start.training': 'Training starten',
    'nav.back': '‹ Start',
    'comparison.title': 'Höher oder tiefer?',
    'comparison.higher': 'Höher',
    'comparison.lower': 'Tiefer',
    'feedback.correct': 'Richtig',
    'feedback.incorrect': 'Falsch',
    'start.navigation': 'Mehr',
    'start.info': 'Info',
    'start.settings': 'Einstellungen',
    'common.close': 'Schließen',
    'common.cancel': 'Abbrechen',
    'info.developer': 'Entwicklung',
    'info.developerName': 'The Peach developers',
    'info.version': 'Version',
    'info.copyright': 'Copyright',
    'info.copyrightNotice': '© 2026 The Peach developers',
    'settings.title': 'Einstellungen',
    'settings.notes': 'Töne',
    'settings.lowest': 'Tiefster Ton',
    'settings.highest': 'Höchster Ton',
    'settings.duration': 'Tondauer',
    'settings.noteGap': 'Pause zwischen den Tönen',
    'settings.sound': 'Klang',
    'settings.referencePitch': 'Kammerton (A4)',
    'settings.soundSource': 'Klangquelle',
    'settings.soundSource.sine': 'Sinuston',
    'settings.varyLoudness': 'Lautstärke variieren',
    'settings.noVariation': 'Keine Variation',
    'settings.maxVariation': 'Maximale Variation',
    'settings.general': 'Allgemein',
    'settings.language': 'Sprache',
    'settings.language.auto': 'Wie im Browser',
    'settings.language.en': 'English',
    'settings.language.de': 'Deutsch',
    'settings.data': 'Trainingsdaten',
    'settings.reset': 'Trainingsdaten zurücksetzen',
    'settings.resetConfirmTitle': 'Trainingsdaten zurücksetzen?',
    'settings.resetConfirmText': 'Das löscht alle Antworten und dein Profil. Es kann nicht rückgängig gemacht werden.',
    'settings.resetConfirm': 'Alles löschen',
    'settings.resetDone': 'Alle Trainingsdaten wurden gelöscht.',
    'settings.notSaved': 'Diese Änderung konnte nicht gespeichert werden.',
    'unit.seconds': '{value} s',
    'unit.hertz': '{value} Hz',
  },
};

export const languages = Object.keys(tables);

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
  current = tables[language] ? language : browserLanguage();
  document.documentElement.lang = current;
  translate(document);
  document.dispatchEvent(new CustomEvent('languagechange'));
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

/** Numbers as the current language writes them (1.5 / 1,5). */
export function formatNumber(value, fractionDigits = 0) {
  return new Intl.NumberFormat(current, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(value);
}

export const currentLanguage = () => current;

/** For the test that checks both tables have the same keys. */
export const _tables = tables;
