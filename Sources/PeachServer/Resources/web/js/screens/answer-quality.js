import { loadSamples, scheduleNote } from '../audio.js';
import { choiceRow } from '../choice-row.js';
import { soundLabel, t, translate } from '../i18n.js';
import { trainingLoop } from '../training-loop.js';
import { showJudgement } from '../two-button-answer.js';

/**
 * Chord Quality: a chord, block or arpeggiated; the user names its quality with a row of large
 * buttons (the qualities chosen in Settings) or the number keys the server assigns. The server
 * draws the chord, times every note and judges the answer.
 */
export default function qualityScreen(context) {
  const section = document.createElement('section');
  section.id = 'screen-quality';
  section.className = 'screen';
  section.hidden = true;
  section.setAttribute('aria-labelledby', 'quality-title');
  section.innerHTML = `
    <header class="bar">
      <a href="#/" class="back" data-i18n="nav.back"></a>
      <h1 id="quality-title" data-i18n="quality.title"></h1>
    </header>
    <p class="hint question" data-i18n="quality.question"></p>
    <p id="quality-voicing" class="interval-label" role="status"></p>
    <p id="quality-sound" class="sound-line" hidden></p>
    <p id="quality-last" class="hint" aria-live="polite"></p>
    <div id="quality-buttons" class="answer-buttons qualities" role="group" aria-labelledby="quality-title"></div>
    <p class="keys-hint" data-i18n="keys.quality"></p>
    <div id="quality-feedback" class="feedback" aria-hidden="true"></div>`;
  document.getElementById('screen-start').parentElement.append(section);
  translate(section);

  const voicing = section.querySelector('#quality-voicing');
  const sound = section.querySelector('#quality-sound');
  const last = section.querySelector('#quality-last');
  const feedback = section.querySelector('#quality-feedback');
  let answer = null; // the loop's callback while answers are open
  const choices = choiceRow(section.querySelector('#quality-buttons'), {
    idPrefix: 'answer-quality', chosen: (quality) => answer?.({ answer: quality }),
  });
  const name = (quality) => t(`quality.${quality}`);

  return trainingLoop(context, {
    screen: section.id,
    enter() {
      voicing.textContent = '';
      sound.hidden = true;
      // Holds its line from the start, so the buttons do not move when the first result arrives.
      last.textContent = '\u00a0';
    },
    load: (trial) => loadSamples(trial.sound.id, trial.notes.map((note) => note.note.frequencyHz)),
    play(audio, trial, start, samples) {
      const notes = trial.notes.map((note, index) => scheduleNote(audio, {
        frequencyHz: note.note.frequencyHz, start: start + note.startSeconds, duration: note.durationSeconds,
        synthesis: trial.synthesis, levelDB: note.levelDB, sample: samples[index],
      }));
      return {
        stop: (at) => { for (const note of notes) note.stop(at); },
        marks: { chordStart: start },
      };
    },
    starts(trial) {
      choices.show(trial.choices.map((choice) => ({ value: choice.quality, label: name(choice.quality), key: choice.key })));
      voicing.textContent = t(`quality.voicing.${trial.voicing}`);
      sound.textContent = t('training.sound', { name: soundLabel(trial.sound.id, trial.sound.name) });
      sound.hidden = false;
    },
    opens(trial, played, given) {
      answer = given;
      choices.setEnabled(true);
    },
    closes() {
      answer = null;
      choices.setEnabled(false);
    },
    /** The judgement shows as on every screen; the chord it was stays on the page while the next one plays. */
    show(result) {
      showJudgement(feedback, result.isCorrect, context.announce);
      const chord = { chord: result.chord, quality: name(result.quality), inversion: t(`quality.inversion.${result.inversion}`) };
      last.textContent = result.isCorrect
        ? t('quality.wasRight', chord)
        : t('quality.was', { ...chord, answered: name(result.answeredQuality) });
    },
    hides() {
      feedback.className = 'feedback';
    },
    keys(event) {
      const which = choices.valueForKey(event.key);
      if (!which) return false;
      answer?.({ answer: which });
      return true;
    },
  });
}
