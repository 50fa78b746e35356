import { api } from '../api.js';
import { addStrings, t } from '../i18n/i18n.js';
import { formatCount } from '../i18n/format.js';
import { refusalText } from './sign-in.js';
import { addScreen } from './screen.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'classes.line': '{students} students · code {code}',
    'classes.lineOne': '1 student · code {code}',
    'classes.created': '{name} created. Its invitation code: {code}',
    'classes.empty': 'No classes yet.',
    'classes.new': 'New class',
    'classes.name': 'Name of the class',
    'classes.create': 'Create class',
  },
  de: {
    'classes.line': '{students} Schüler:innen · Code {code}',
    'classes.lineOne': '1 Schüler:in · Code {code}',
    'classes.created': '{name} angelegt. Ihr Einladungscode: {code}',
    'classes.empty': 'Noch keine Klassen.',
    'classes.new': 'Neue Klasse',
    'classes.name': 'Name der Klasse',
    'classes.create': 'Klasse anlegen',
  },
});

/** The screen's markup: its strings by key (data-i18n), filled in by translate. */
const MARKUP = `
<section id="screen-classes" class="screen" aria-labelledby="classes-title" hidden>
  <header class="bar">
    <a href="#/" class="back" data-i18n="nav.back"></a>
    <h1 id="classes-title" data-i18n="classes.title"></h1>
  </header>
  <div class="settings">
    <p id="classes-empty" class="note" data-i18n="classes.empty" hidden></p>
    <ul id="classes-list" class="class-list"></ul>
    <form id="new-class-form" novalidate>
      <fieldset>
        <legend data-i18n="classes.new"></legend>
        <div class="field">
          <label for="new-class-name" data-i18n="classes.name"></label>
          <input id="new-class-name" name="name" autocomplete="off">
        </div>
        <button type="submit" class="form-action" data-i18n="classes.create"></button>
        <p id="new-class-status" class="status" role="status"></p>
      </fieldset>
    </form>
  </div>
</section>`;

// A teacher's classes: each opens its class view; a new class gets its invitation code at once,
// to hand to the students.
export function classesScreen() {
  const element = addScreen(MARKUP);
  const list = document.getElementById('classes-list');
  const empty = document.getElementById('classes-empty');
  const form = document.getElementById('new-class-form');
  const status = document.getElementById('new-class-status');

  async function showClasses() {
    let classes = [];
    try {
      ({ classes } = await api.classes());
    } catch (error) {
      status.textContent = refusalText(error);
    }
    empty.hidden = classes.length > 0;
    list.replaceChildren(...classes.map((entry) => {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = `#/classes/${entry.id}`;
      link.className = 'class-link';
      const name = document.createElement('strong');
      name.textContent = entry.name;
      const detail = document.createElement('span');
      detail.textContent = entry.students === 1
        ? t('classes.lineOne', { code: entry.invitation })
        : t('classes.line', { students: formatCount(entry.students), code: entry.invitation });
      link.append(name, detail);
      item.append(link);
      return item;
    }));
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const created = await api.createClass(new FormData(form).get('name'));
      form.reset();
      status.textContent = t('classes.created', { name: created.name, code: created.invitation });
    } catch (error) {
      status.textContent = refusalText(error);
    }
    showClasses();
  });

  document.addEventListener('languagechange', () => { if (!element.hidden) showClasses(); });

  return {
    element,
    show() {
      status.textContent = '';
      showClasses();
    },
    hide() {},
  };
}
