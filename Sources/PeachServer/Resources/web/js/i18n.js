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
    'settings.export': 'Export training data (CSV)',
    'settings.importMode': 'When importing',
    'settings.importMerge': 'Add to my training data',
    'settings.importReplace': 'Replace all my training data',
    'settings.import': 'Import training data (CSV)…',
    'settings.importing': 'Importing {name}…',
    'settings.importDone': 'Imported {imported} records; {duplicates} duplicates skipped.',
    'settings.importRejected': 'Nothing was imported: line {line} of the file is not valid.',
    'settings.importFailed': 'Nothing was imported: the file could not be read.',
    'unit.seconds': '{value} s',
    'unit.hertz': '{value} Hz',
    'start.profile': 'Profile',
    'start.profileEmpty': 'Your progress will appear here',
    'start.profileLabel': 'Your training progress. Tap to view details.',
    'start.profileLabelWithValue': 'Your training progress: current average {value} cents. Tap to view details.',
    'profile.title': 'Profile',
    'profile.discrimination': 'Pitch discrimination',
    'profile.empty': 'Start training to build your profile',
    'profile.threshold': 'Threshold {value} ¢ ({lower}–{upper}) at {percent} % correct',
    'profile.thresholdNote': 'Fitted to your newest {trials} comparisons; 95 % interval in brackets.',
    'profile.thresholdPending': 'Your threshold appears once your answers show where it lies.',
    'profile.period': 'Group by',
    'profile.period.hour': 'Hour',
    'profile.period.day': 'Day',
    'profile.period.week': 'Week',
    'profile.mean': 'Mean difference',
    'profile.sd': 'Standard deviation',
    'profile.trend': 'Trend',
    'profile.trend.improving': 'Improving',
    'profile.trend.stable': 'Stable',
    'profile.trend.declining': 'Declining',
    'profile.comparisons': 'Comparisons',
    'profile.cents': '{value} ¢',
    'profile.chartSummary': 'Threshold timeline showing {count} comparisons from {from} to {to}, current average {value} cents.',
    'profile.chartHelp': 'Drag or scroll to move through time, pinch or use the wheel to zoom, tap a dot for details.',
    'profile.popup.mean': 'Mean threshold: {value} ¢',
    'profile.popup.count': 'Comparisons: {count}',
    'profile.popup.accuracy': 'Accuracy: {correct} of {count} correct',
    'profile.popup.week': 'Week of {date}',
    'profile.matching': 'Pitch matching',
    'profile.matchingEmpty': 'Start pitch matching to see your accuracy',
    'profile.matchingMean': 'Mean absolute error',
    'profile.matchingSd': 'Standard deviation',
    'profile.matchingCount': 'Attempts',
    'start.pitchMatching': 'Pitch Matching',
    'pitchMatching.title': 'Match the pitch',
    'pitchMatching.hint': 'Listen to the first note, then slide until the second sounds the same. Let go to commit.',
    'pitchMatching.slider.label': 'Pitch adjustment slider',
    'pitchMatching.slider.centre': 'Centre',
    'pitchMatching.slider.up': '{percent}% up',
    'pitchMatching.slider.down': '{percent}% down',
    'pitchMatching.cents.one': '{signed} cent',
    'pitchMatching.cents.other': '{signed} cents',
    'pitchMatching.sharp.one': '{cents} cent sharp',
    'pitchMatching.sharp.other': '{cents} cents sharp',
    'pitchMatching.flat.one': '{cents} cent flat',
    'pitchMatching.flat.other': '{cents} cents flat',
    'pitchMatching.deadCenter': 'Dead center',
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
    'settings.export': 'Trainingsdaten exportieren (CSV)',
    'settings.importMode': 'Beim Importieren',
    'settings.importMerge': 'Zu meinen Trainingsdaten hinzufügen',
    'settings.importReplace': 'Alle meine Trainingsdaten ersetzen',
    'settings.import': 'Trainingsdaten importieren (CSV) …',
    'settings.importing': '{name} wird importiert …',
    'settings.importDone': '{imported} Einträge importiert; {duplicates} Duplikate übersprungen.',
    'settings.importRejected': 'Nichts wurde importiert: Zeile {line} der Datei ist ungültig.',
    'settings.importFailed': 'Nichts wurde importiert: Die Datei konnte nicht gelesen werden.',
    'unit.seconds': '{value} s',
    'unit.hertz': '{value} Hz',
    'start.profile': 'Profil',
    'start.profileEmpty': 'Hier erscheint dein Fortschritt',
    'start.profileLabel': 'Dein Trainingsfortschritt. Tippen für Details.',
    'start.profileLabelWithValue': 'Dein Trainingsfortschritt: aktueller Durchschnitt {value} Cent. Tippen für Details.',
    'profile.title': 'Profil',
    'profile.discrimination': 'Tonhöhenunterscheidung',
    'profile.empty': 'Beginne mit dem Training, um dein Profil aufzubauen',
    'profile.threshold': 'Schwelle {value} ¢ ({lower}–{upper}) bei {percent} % richtig',
    'profile.thresholdNote': 'Angepasst an deine neuesten {trials} Vergleiche; 95-%-Intervall in Klammern.',
    'profile.thresholdPending': 'Deine Schwelle erscheint, sobald deine Antworten zeigen, wo sie liegt.',
    'profile.period': 'Gruppieren nach',
    'profile.period.hour': 'Stunde',
    'profile.period.day': 'Tag',
    'profile.period.week': 'Woche',
    'profile.mean': 'Mittlerer Unterschied',
    'profile.sd': 'Standardabweichung',
    'profile.trend': 'Trend',
    'profile.trend.improving': 'Verbessernd',
    'profile.trend.stable': 'Stabil',
    'profile.trend.declining': 'Nachlassend',
    'profile.comparisons': 'Vergleiche',
    'profile.cents': '{value} ¢',
    'profile.chartSummary': 'Schwellenverlauf mit {count} Vergleichen von {from} bis {to}, aktueller Durchschnitt {value} Cent.',
    'profile.chartHelp': 'Ziehen oder scrollen, um durch die Zeit zu blättern, mit zwei Fingern oder dem Mausrad zoomen, einen Punkt antippen für Details.',
    'profile.popup.mean': 'Mittlere Schwelle: {value} ¢',
    'profile.popup.count': 'Vergleiche: {count}',
    'profile.popup.accuracy': 'Genauigkeit: {correct} von {count} richtig',
    'profile.popup.week': 'Woche ab {date}',
    'profile.matching': 'Tonhöhe treffen',
    'profile.matchingEmpty': 'Beginne mit dem Tonhöhentreffen, um deine Genauigkeit zu sehen',
    'profile.matchingMean': 'Mittlerer absoluter Fehler',
    'profile.matchingSd': 'Standardabweichung',
    'profile.matchingCount': 'Versuche',
    'start.pitchMatching': 'Tonhöhe treffen',
    'pitchMatching.title': 'Triff die Tonhöhe',
    'pitchMatching.hint': 'Hör dir den ersten Ton an und schiebe dann, bis der zweite gleich klingt. Loslassen übernimmt.',
    'pitchMatching.slider.label': 'Tonhöhenregler',
    'pitchMatching.slider.centre': 'Mitte',
    'pitchMatching.slider.up': '{percent} % nach oben',
    'pitchMatching.slider.down': '{percent} % nach unten',
    'pitchMatching.cents.one': '{signed} Cent',
    'pitchMatching.cents.other': '{signed} Cent',
    'pitchMatching.sharp.one': '{cents} Cent zu hoch',
    'pitchMatching.sharp.other': '{cents} Cent zu hoch',
    'pitchMatching.flat.one': '{cents} Cent zu tief',
    'pitchMatching.flat.other': '{cents} Cent zu tief',
    'pitchMatching.deadCenter': 'Genau getroffen',
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


/** The current language, for number and date formatting. */
export function language() {
  return current;
}

/** For the test that checks both tables have the same keys. */
export const _tables = tables;
