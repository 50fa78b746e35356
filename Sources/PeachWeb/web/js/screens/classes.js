import { api } from '../api.js';
import { t } from '../i18n/i18n.js';
import { formatCount } from '../i18n/format.js';
import { refusalText } from './sign-in.js';

// A teacher's classes: each opens its class view; a new class gets its invitation code at once,
// to hand to the students.
export function classesScreen() {
  const element = document.getElementById('screen-classes');
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
