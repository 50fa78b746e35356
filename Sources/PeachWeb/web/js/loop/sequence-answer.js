/**
 * An answer given item by item (a melody's notes played back, a progression's chords named), with
 * undo until the last item is in: what has been given, the line that shows it with a blank for each
 * item still to come, and the undo button (and Backspace). When the trial's last item is in, the
 * answer (`body(items)`) goes to the loop.
 *
 * `label(item)` names an item on the line; `text(items)` is the line, given the labels and blanks
 * joined by spaces.
 */
export function sequenceAnswer({ line, undo, label, text, body }) {
  let items = [];
  let length = 0; // how many items the trial's answer has
  let answer = null; // the loop's callback while answers are open

  function show() {
    const blanks = Array(Math.max(0, length - items.length)).fill('_');
    line.textContent = text([...items.map(label), ...blanks].join(' '));
    undo.disabled = !answer || items.length === 0;
  }

  function takeBack() {
    if (!answer || items.length === 0) return;
    items.pop();
    show();
  }
  undo.addEventListener('click', takeBack);

  return {
    /** The line held empty, before the first trial, so nothing below it moves when one starts. */
    clear() {
      line.textContent = '\u00a0';
    },
    /** A trial whose answer has `count` items starts: nothing given yet. */
    start(count) {
      items = [];
      length = count;
      show();
    },
    /** Answers are open: `given` is the loop's callback. */
    open(given) {
      answer = given;
      show();
    },
    close() {
      answer = null;
      undo.disabled = true;
    },
    /** Whether answers are open and the answer is not complete yet: an item would be taken. */
    get takes() {
      return answer !== null && items.length < length;
    },
    /** Adds an item while the answer takes one; the last one sends the answer. */
    add(item) {
      if (!this.takes) return;
      items.push(item);
      show();
      if (items.length === length) answer(body(items));
    },
    /** Backspace takes the last item back; returns whether the key was taken. */
    key(event) {
      if (event.key !== 'Backspace') return false;
      takeBack();
      return true;
    },
  };
}
