import { loadSamples, scheduleNote } from '../audio.js';
import { soundLabel, t, translate } from '../i18n.js';
import { trainingLoop } from '../training-loop.js';
import { showJudgement } from '../two-button-answer.js';
import { choiceRow } from '../choice-row.js';

/**
 * Scale Degrees: a cadence sets the key, then one note; the user names its degree with a row of
 * large buttons (the trial's choices, labelled as the settings say) or the number keys the server
 * assigns. The server draws the key and the degree and judges the answer.
 */
export default function degreeScreen(context) {
  const section = document.createElement('section');
  section.id = 'screen-degree';
  section.className = 'screen';
  section.hidden = true;
  section.setAttribute('aria-labelledby', 'degree-title');
  section.innerHTML = `
    <header class="bar">
      <a href="#/" class="back" data-i18n="nav.back"></a>
      <h1 id="degree-title" data-i18n="degree.title"></h1>
    </header>
    <p class="hint question" data-i18n="degree.question"></p>
    <p id="degree-key" class="interval-label" role="status"></p>
    <p id="degree-sound" class="sound-line" hidden></p>
    <p id="degree-last" class="hint" aria-live="polite"></p>
    <div id="degree-buttons" class="answer-buttons degrees" role="group" aria-labelledby="degree-title"></div>
    <p class="keys-hint" data-i18n="keys.degree"></p>
    <div id="degree-feedback" class="feedback" aria-hidden="true"></div>`;
  document.getElementById('screen-start').parentElement.append(section);
  translate(section);

  const key = section.querySelector('#degree-key');
  const sound = section.querySelector('#degree-sound');
  const last = section.querySelector('#degree-last');
  const row = section.querySelector('#degree-buttons');
  const feedback = section.querySelector('#degree-feedback');
  let answer = null; // the loop's callback while answers are open
  let labels = {}; // degree → label, as the trial names them
  const choices = choiceRow(row, { idPrefix: 'answer-degree', chosen: (degree) => answer?.({ answer: degree }) });

  return trainingLoop(context, {
    screen: section.id,
    enter() {
      key.textContent = '';
      sound.hidden = true;
      last.textContent = '\u00a0';
    },
    load: (trial) => loadSamples(trial.sound.id, [
      ...trial.cadence.flatMap((chord) => chord.notes.map((note) => note.frequencyHz)), trial.note.frequencyHz,
    ]),
    play(audio, trial, start, samples) {
      let index = 0;
      const notes = trial.cadence.flatMap((chord) => chord.notes.map((note) => scheduleNote(audio, {
        frequencyHz: note.frequencyHz, start: start + chord.startSeconds, duration: chord.durationSeconds,
        synthesis: trial.synthesis, levelDB: chord.levelDB, sample: samples[index++],
      })));
      const noteStart = start + trial.noteStartSeconds;
      notes.push(scheduleNote(audio, {
        frequencyHz: trial.note.frequencyHz, start: noteStart, duration: trial.noteDurationSeconds,
        synthesis: trial.synthesis, sample: samples[index],
      }));
      return {
        stop: (at) => { for (const note of notes) note.stop(at); },
        marks: { cadenceStart: start, noteStart },
      };
    },
    starts(trial) {
      labels = Object.fromEntries(trial.choices.map((choice) => [choice.degree, choice.label]));
      choices.show(trial.choices.map((choice) => ({ value: choice.degree, label: choice.label, key: choice.key })));
      key.textContent = t('degree.key', { tonic: trial.keyName, mode: t(`degree.${trial.mode}`) });
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
    /** The judgement shows as on every screen; which degree it was stays on the page while the next cadence plays. */
    show(result) {
      showJudgement(feedback, result.isCorrect, context.announce);
      last.textContent = result.isCorrect
        ? t('degree.wasRight', { degree: labels[result.degree] })
        : t('degree.was', { degree: labels[result.degree], answered: labels[result.answeredDegree] });
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
