import { useStylesheet } from '../stylesheet.js';

await useStylesheet(new URL('./piano-keyboard.css', import.meta.url));

/**
 * An on-screen piano keyboard of buttons, one per key the server lists (lowest first; each
 * `{ midi, name }`): white keys side by side, black keys over the gaps. A key is pressed by
 * pointer (touch, pen or mouse, on pointerdown, so it sounds at once), by Enter or Space on a
 * focused key, or by the computer keyboard's two rows laid out like a piano as music software
 * does (Z S X D C V G B H N J M , from the lowest C, Q 2 W 3 E R 5 T 6 Y 7 U I an octave up;
 * by physical position, so QWERTZ and AZERTY play the same keys). ← and → move the focus key by
 * key; the keyboard is one stop in the tab order.
 */
const ROWS = [
  ['KeyZ', 'KeyS', 'KeyX', 'KeyD', 'KeyC', 'KeyV', 'KeyG', 'KeyB', 'KeyH', 'KeyN', 'KeyJ', 'KeyM', 'Comma'],
  ['KeyQ', 'Digit2', 'KeyW', 'Digit3', 'KeyE', 'KeyR', 'Digit5', 'KeyT', 'Digit6', 'KeyY', 'Digit7', 'KeyU', 'KeyI'],
];
/** Semitones above the lowest key, by physical key. */
const CODE_OFFSETS = new Map(ROWS.flatMap((row, octave) => row.map((code, index) => [code, 12 * octave + index])));

const isBlack = (midi) => [1, 3, 6, 8, 10].includes(midi % 12);

export function pianoKeyboard(container, { pressed }) {
  container.classList.add('piano');
  container.setAttribute('role', 'group');
  // Fifteen white keys must fit a phone: a key is at least 24 px wide, not the 44 px of other targets.
  container.dataset.narrowTargets = '24';
  let keys = [];
  let labelled = false;

  function focusKey(button) {
    for (const key of keys) key.tabIndex = key === button ? 0 : -1;
    button.focus();
  }

  container.addEventListener('keydown', (event) => {
    const index = keys.indexOf(document.activeElement);
    if (index < 0 || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    const next = keys[index + (event.key === 'ArrowLeft' ? -1 : 1)];
    if (next) focusKey(next);
    event.preventDefault();
    event.stopPropagation();
  });

  return {
    /** Draws the keys; the focus key is the lowest white one (a C). */
    show(notes) {
      // Training by keyboard alone: a focused key hands the focus on to the same key (or the
      // lowest C) when the next trial redraws the keys.
      const focused = keys.includes(document.activeElement) ? Number(document.activeElement.dataset.midi) : null;
      const whites = notes.filter((note) => !isBlack(note.midi)).length;
      container.style.setProperty('--whites', String(whites));
      let whiteIndex = 0;
      keys = notes.map((note) => {
        const key = document.createElement('button');
        key.type = 'button';
        key.className = isBlack(note.midi) ? 'piano-key black' : 'piano-key white';
        key.dataset.midi = String(note.midi);
        key.setAttribute('aria-label', note.name);
        key.tabIndex = -1;
        if (isBlack(note.midi)) {
          key.style.setProperty('--at', String(whiteIndex));
        } else {
          const label = document.createElement('span');
          label.className = 'piano-label';
          label.textContent = note.name;
          label.setAttribute('aria-hidden', 'true');
          key.append(label);
          whiteIndex += 1;
        }
        key.addEventListener('pointerdown', (event) => {
          if (event.button !== 0) return;
          event.preventDefault();
          pressed(note.midi);
        });
        // A click with no pointer before it is Enter or Space on the focused key.
        key.addEventListener('click', (event) => { if (event.detail === 0) pressed(note.midi); });
        return key;
      });
      container.replaceChildren(...keys);
      const first = keys.find((key) => key.classList.contains('white'));
      if (first) first.tabIndex = 0;
      if (focused !== null) focusKey(keys.find((key) => Number(key.dataset.midi) === focused) ?? first);
      this.label(labelled);
    },
    /** Shows or hides the white keys' note names. */
    label(on) {
      labelled = on;
      container.classList.toggle('labelled', on);
    },
    /** The MIDI note a computer key plays, or null. */
    noteForCode(code) {
      const offset = CODE_OFFSETS.get(code);
      if (offset === undefined || keys.length === 0) return null;
      const midi = Number(keys[0].dataset.midi) + offset;
      return keys.some((key) => Number(key.dataset.midi) === midi) ? midi : null;
    },
    /** Lights a key for a moment, however it was pressed. */
    flash(midi) {
      const key = keys.find((candidate) => Number(candidate.dataset.midi) === midi);
      if (!key) return;
      key.classList.add('down');
      setTimeout(() => key.classList.remove('down'), 180);
    },
    setEnabled(on) { container.classList.toggle('closed', !on); },
  };
}
