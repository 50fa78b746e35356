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

export function setLanguage(language) {
  current = tables[language] ? language : browserLanguage();
  document.documentElement.lang = current;
  translate(document);
}

export function t(key, params = {}) {
  const text = tables[current][key] ?? tables.en[key];
  if (text === undefined) throw new Error(`missing string ${key}`);
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name]));
}

/** Fills every element marked data-i18n with its string. */
export function translate(root) {
  for (const element of root.querySelectorAll('[data-i18n]')) {
    element.textContent = t(element.dataset.i18n);
  }
}

/** For the test that checks both tables have the same keys. */
export const _tables = tables;
