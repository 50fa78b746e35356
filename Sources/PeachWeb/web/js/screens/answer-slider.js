import { loadSamples, scheduleNote } from '../audio/audio.js';
import { formatPercent } from '../i18n/format.js';
import { addStrings, intervalLabel, soundText, t } from '../i18n/i18n.js';
import { hideMatchingFeedback, judgeMatching, showMatchingFeedback } from '../loop/matching-feedback.js';
import { onMidiMessage } from '../input/midi.js';
import { verticalPitchSlider } from '../input/pitch-slider.js';
import { trainingLoop } from '../loop/training-loop.js';
import { addScreen } from './screen.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'pitchMatching.hint': 'Listen to the first note, then slide until the second sounds the same. Let go when it does.',
    'pitchMatching.slider.label': 'Pitch adjustment slider',
    'pitchMatching.slider.centre': 'Centre',
    'pitchMatching.slider.up': '{percent} up',
    'pitchMatching.slider.down': '{percent} down',
    'intervalMatching.hint': 'Listen to the first note, then slide until the two make the interval shown. Let go when they do.',
    'keys.pitchMatching': 'Keys: ↑ ↓ tune finely · Page Up/Down coarsely · Enter or Space when it matches · Esc back to Start',
  },
  de: {
    'pitchMatching.hint': 'Hör dir den ersten Ton an und schiebe dann, bis der zweite gleich klingt. Lass los, wenn er stimmt.',
    'pitchMatching.slider.label': 'Tonhöhenregler',
    'pitchMatching.slider.centre': 'Mitte',
    'pitchMatching.slider.up': '{percent} nach oben',
    'pitchMatching.slider.down': '{percent} nach unten',
    'intervalMatching.hint': 'Hör dir den ersten Ton an und schiebe dann, bis beide das angezeigte Intervall bilden. Lass los, wenn es stimmt.',
    'keys.pitchMatching': 'Tasten: ↑ ↓ fein stimmen · Bild auf/ab grob · Eingabe oder Leertaste, wenn es passt · Esc zurück zum Start',
  },
});

/** The screen's markup: its strings by key (data-i18n), filled in by translate. */
const MARKUP = `
<section id="screen-pitch-matching" class="screen" aria-labelledby="pitch-matching-title" data-state="idle" hidden>
  <header class="bar">
    <a href="#/" class="back" id="pitch-matching-back" data-i18n="nav.back"></a>
    <h1 id="pitch-matching-title"></h1>
  </header>
  <div class="training-notes">
    <p id="pitch-matching-hint" class="hint" data-i18n="pitchMatching.hint"></p>
    <p id="pitch-matching-sound" class="sound-line" hidden></p>
  </div>
  <p id="pitch-matching-interval" class="interval-label" role="status" hidden></p>
  <div class="pitch-stage">
    <div id="pitch-slider" class="pitch-slider" role="slider" tabindex="0" aria-orientation="vertical"
         aria-valuemin="-1" aria-valuemax="1" aria-valuenow="0" aria-disabled="true"
         aria-describedby="pitch-matching-hint">
      <div class="pitch-slider-thumb" aria-hidden="true"></div>
    </div>
  </div>
  <p class="keys-hint" data-i18n="keys.pitchMatching"></p>
  <div id="pitch-matching-feedback" class="feedback" aria-hidden="true"></div>
</section>`;

/** ↑/↓ move about 1 ¢, PageUp/PageDown 10 ¢. */
const FINE_STEP_CENTS = 1;
const COARSE_STEP_CENTS = 10;

/**
 * Where the tunable note sounds for a slider value. The one piece of pitch maths in the client, so
 * the note answers the slider within the same input event; the recorded error is the server's,
 * computed from the same value.
 */
export function tunableFrequencyHz(challenge, value) {
  return challenge.tunableNote.startFrequencyHz * 2 ** ((value * challenge.centRange) / 1200);
}

/**
 * A MIDI keyboard on the slider, by the rule the server serves with the trial (`session.midi`,
 * PitchBendCommit in Swift): the wheel away from rest tunes over the slider's range; back within
 * the tolerance, having left it, it commits the value last tuned. A key commits too.
 */
function midiTuning({ bend, keyCommits }, slider) {
  let hasLeftCentre = false;
  return (message) => {
    if (message.type === 'noteOn' && keyCommits) slider.commit();
    if (message.type !== 'pitchBend' || !bend) return;
    const fromCentre = message.value - bend.centre;
    if (Math.abs(fromCentre) > bend.commitTolerance) {
      hasLeftCentre = true;
      slider.moveTo(fromCentre / bend.halfRange);
    } else if (hasLeftCentre) {
      hasLeftCentre = false;
      slider.commit();
    }
  };
}

// Pitch and interval matching: the reference plays, then the tunable note until the user lets go of
// the slider (or presses Enter/Space); the server judges the slider's value, and serves how it does
// (`judging`), so that the result shows at the commit.

/** The addresses its disciplines had before #/train/<discipline>, kept for bookmarks (app.js follows them). */
export const formerAddresses = { '#/pitch-matching': 'pitchMatching', '#/interval-matching': 'intervalMatching' };

export default function pitchMatchingScreen(context) {
  const element = addScreen(MARKUP);
  const hint = document.getElementById('pitch-matching-hint');
  const soundNote = document.getElementById('pitch-matching-sound');
  const intervalText = document.getElementById('pitch-matching-interval');
  const feedback = document.getElementById('pitch-matching-feedback');
  const sliderElement = document.getElementById('pitch-slider');
  let discipline = 'pitchMatching';
  let tuning = null; // { challenge, tunable, answer } while the tunable note sounds
  let stopMidi = () => {};

  const setState = (state) => { element.dataset.state = state; };
  const slider = verticalPitchSlider(sliderElement, {
    onChange(value) {
      if (tuning) tuning.tunable.setFrequency(tunableFrequencyHz(tuning.challenge, value));
    },
    onCommit: (normalizedValue) => tuning?.answer({ normalizedValue }),
    valueText(value) {
      if (Math.round(Math.abs(value) * 100) === 0) return t('pitchMatching.slider.centre');
      return t(value > 0 ? 'pitchMatching.slider.up' : 'pitchMatching.slider.down', { percent: formatPercent(Math.abs(value)) });
    },
  });

  return trainingLoop(context, {
    screen: 'screen-pitch-matching',
    enter(chosen) {
      discipline = chosen ?? 'pitchMatching';
      const isInterval = discipline === 'intervalMatching';
      // Through data-i18n, so a language change re-translates the right texts.
      hint.dataset.i18n = isInterval ? 'intervalMatching.hint' : 'pitchMatching.hint';
      hint.textContent = t(hint.dataset.i18n);
      intervalText.hidden = true;
      soundNote.hidden = true;
      sliderElement.setAttribute('aria-label', t('pitchMatching.slider.label'));
      hideMatchingFeedback(feedback);
      slider.setActive(false);
      slider.reset();
      setState('preparing');
      sliderElement.focus({ preventScroll: true });
    },
    load: (challenge) => loadSamples(
      challenge.sound.id, [challenge.referenceNote.frequencyHz, challenge.tunableNote.startFrequencyHz]),
    play(audio, challenge, start, [referenceSample, tunableSample]) {
      const { synthesis } = challenge;
      const reference = scheduleNote(audio, {
        frequencyHz: challenge.referenceNote.frequencyHz, start, duration: challenge.noteDurationSeconds, synthesis,
        sample: referenceSample,
      });
      // Indefinite (a looped sustain for an instrument): it sounds until the user lets go.
      const tunable = scheduleNote(audio, {
        frequencyHz: challenge.tunableNote.startFrequencyHz, start: start + challenge.session.answersOpenSeconds, synthesis,
        sample: tunableSample,
      });
      soundNote.hidden = false;
      soundNote.textContent = soundText(challenge.sound);
      slider.setSteps(FINE_STEP_CENTS / challenge.centRange, COARSE_STEP_CENTS / challenge.centRange);
      return {
        tunable,
        stop() {
          reference.stop();
          tunable.stop();
        },
        // For the round-trip benchmark: when the trial is first heard.
        marks: { referenceStart: start },
      };
    },
    starts(challenge) {
      hideMatchingFeedback(feedback);
      slider.reset();
      const isInterval = discipline === 'intervalMatching';
      intervalText.hidden = !isInterval;
      intervalText.textContent = isInterval ? intervalLabel(challenge.interval, challenge.tuningSystem) : '';
      setState('reference');
    },
    opens(challenge, played, answer) {
      tuning = { challenge, tunable: played.tunable, answer };
      setState('tuning');
      slider.setActive(true);
      if (challenge.session.midi) stopMidi = onMidiMessage(midiTuning(challenge.session.midi, slider));
    },
    closes() {
      stopMidi();
      tuning = null;
      slider.setActive(false);
      if (element.dataset.state === 'tuning') setState('committing');
    },
    judge: (challenge, body) => judgeMatching(challenge.judging, body),
    show(result) {
      showMatchingFeedback(feedback, result, context.announce);
      setState('feedback');
    },
    hides() {
      hideMatchingFeedback(feedback);
    },
    keys(event) {
      // Focus strayed off the slider (a click on the background): bring it back, keys and all.
      if (event.target !== document.body || !['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown'].includes(event.key)) return false;
      sliderElement.focus({ preventScroll: true });
      return true;
    },
    leave() {
      setState('idle');
    },
  });
}
