/**
 * A row of large answer buttons, one per choice the server offers a trial (a degree, a chord
 * quality), with the keys the server assigns. Rebuilt only when the choices change, so focus and
 * layout stay put from trial to trial. `show` takes `{ value, label, key }` for each choice;
 * `chosen(value)` answers.
 */
export function choiceRow(row, { idPrefix, chosen }) {
  let open = false;
  let keys = {};

  const setEnabled = (enabled) => {
    open = enabled;
    for (const button of row.children) button.disabled = !enabled;
  };

  return {
    show(choices) {
      keys = Object.fromEntries(choices.filter((choice) => choice.key).map((choice) => [choice.key, choice.value]));
      const wanted = choices.map((choice) => `${choice.value}:${choice.label}`).join(' ');
      if (row.dataset.choices === wanted) return;
      row.dataset.choices = wanted;
      row.replaceChildren(...choices.map((choice) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'answer';
        button.id = `${idPrefix}-${choice.value.replace('#', 'sharp')}`;
        button.dataset.value = choice.value;
        button.disabled = !open;
        button.textContent = choice.label;
        if (choice.key) button.setAttribute('aria-keyshortcuts', choice.key);
        button.addEventListener('click', () => chosen(choice.value));
        return button;
      }));
    },
    setEnabled,
    /** The value a key names, or undefined. */
    valueForKey: (key) => keys[key],
  };
}
