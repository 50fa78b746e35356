import { loadSamples } from '../audio/audio.js';
import { chordFrequencies, playProgression, progressionChords } from '../audio/cadence.js';
import { addStrings, language, t } from '../i18n/i18n.js';
import { namingScreen } from '../loop/naming-screen.js';
import { useStylesheet } from '../stylesheet.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'progression.question': 'A cadence sets the key, then a progression. Which one is it?',
    'progression.key': 'Key: {key}',
    'progression.wasRight': 'Last progression: {progression}',
    'progression.was': 'Last progression: {progression}, not {answered}',
    'progression.I-IV-V-I': 'I–IV–V–I',
    'progression.ii-V-I': 'ii–V–I',
    'progression.I-V-vi-IV': 'I–V–vi–IV',
    'progression.I-vi-IV-V': 'I–vi–IV–V',
    'progression.12-bar-blues': '12-bar blues',
    'settings.commonProgressions': 'Common progressions to name',
    'settings.commonProgressionsTooFew': 'Choose at least two progressions to tell apart.',
    'keys.progression': 'Keys: 1–5 name the progression, in the order shown · Esc back to Start',
  },
  de: {
    'progression.question': 'Eine Kadenz legt die Tonart fest, dann eine Akkordfolge. Welche ist es?',
    'progression.key': 'Tonart: {key}',
    'progression.wasRight': 'Letzte Akkordfolge: {progression}',
    'progression.was': 'Letzte Akkordfolge: {progression}, nicht {answered}',
    'progression.I-IV-V-I': 'I–IV–V–I',
    'progression.ii-V-I': 'ii–V–I',
    'progression.I-V-vi-IV': 'I–V–vi–IV',
    'progression.I-vi-IV-V': 'I–vi–IV–V',
    'progression.12-bar-blues': '12-taktiger Blues',
    'settings.commonProgressions': 'Bekannte Akkordfolgen zum Benennen',
    'settings.commonProgressionsTooFew': 'Wähle mindestens zwei Akkordfolgen zum Unterscheiden.',
    'keys.progression': 'Tasten: 1–5 nennen die Akkordfolge, in der gezeigten Reihenfolge · Esc zurück zum Start',
  },
});

await useStylesheet(new URL('./answer-progression.css', import.meta.url));

/**
 * Common Progressions: a cadence sets the key, then a progression known by name; the user names it
 * with a row of large buttons (the progressions chosen in Settings) or the number keys the server
 * assigns. The server draws, voices and tunes every chord and judges the answer.
 */
export default function progressionScreen(context) {
  const name = (progression) => t(`progression.${progression}`);
  return namingScreen(context, {
    name: 'progression',
    status: 'key',
    rowClass: 'progressions',
    load: (trial) => loadSamples(trial.sound.id, chordFrequencies(progressionChords(trial))),
    play: playProgression,
    starts: (trial) => ({
      choices: trial.progressions.map((choice) => ({ value: choice.progression, label: name(choice.progression), key: choice.key })),
      status: t('progression.key', { key: trial.keyNames[language()] }),
    }),
    /** The progression it was stays on the page while the next one plays. */
    lastLine: (result) => (result.isCorrect
      ? t('progression.wasRight', { progression: name(result.progression) })
      : t('progression.was', { progression: name(result.progression), answered: name(result.answeredProgression) })),
  });
}
