import { api } from '../api.js';
import { addStrings, t } from '../i18n/i18n.js';
import { refusalText } from './sign-in.js';
import { addScreen } from './screen.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'account.title': 'Account',
    'account.who': 'Signed in as {name}',
    'account.whoTeacher': 'Signed in as {name} (teacher)',
    'account.classes': 'Classes that see my results',
    'account.noClasses': 'No class sees your results.',
    'account.classLine': '{name} · teacher {teacher}',
    'account.leave': 'Leave',
    'account.leaveLabel': 'Leave {name}',
    'account.leaveConfirm': 'Leave {name}? {teacher} will no longer see your results.',
    'account.left': 'You left {name}.',
    'account.joinLabel': 'Join a class with its invitation code',
    'account.join': 'Join',
    'account.joined': 'You joined {name}.',
    'account.passwordTitle': 'Password',
    'account.currentPassword': 'Current password',
    'account.changePassword': 'Change password',
    'account.passwordChanged': 'Password changed.',
  },
  de: {
    'account.title': 'Konto',
    'account.who': 'Angemeldet als {name}',
    'account.whoTeacher': 'Angemeldet als {name} (Lehrkraft)',
    'account.classes': 'Klassen, die meine Ergebnisse sehen',
    'account.noClasses': 'Keine Klasse sieht deine Ergebnisse.',
    'account.classLine': '{name} · Lehrkraft {teacher}',
    'account.leave': 'Verlassen',
    'account.leaveLabel': '{name} verlassen',
    'account.leaveConfirm': '{name} verlassen? {teacher} sieht deine Ergebnisse dann nicht mehr.',
    'account.left': 'Du hast {name} verlassen.',
    'account.joinLabel': 'Einer Klasse mit ihrem Einladungscode beitreten',
    'account.join': 'Beitreten',
    'account.joined': 'Du bist {name} beigetreten.',
    'account.passwordTitle': 'Passwort',
    'account.currentPassword': 'Aktuelles Passwort',
    'account.changePassword': 'Passwort ändern',
    'account.passwordChanged': 'Passwort geändert.',
  },
});

/** The screen's markup: its strings by key (data-i18n), filled in by translate. */
const MARKUP = `
<section id="screen-account" class="screen" aria-labelledby="account-title" hidden>
  <header class="bar">
    <a href="#/" class="back" data-i18n="nav.back"></a>
    <h1 id="account-title" data-i18n="account.title"></h1>
  </header>
  <div class="settings">
    <p id="account-who" class="hint"></p>
    <fieldset>
      <legend data-i18n="account.classes"></legend>
      <p id="account-classes-empty" class="note" data-i18n="account.noClasses" hidden></p>
      <ul id="account-classes" class="class-list"></ul>
      <form id="join-form" novalidate>
        <div class="field">
          <label for="join-invitation" data-i18n="account.joinLabel"></label>
          <input id="join-invitation" name="invitation" autocomplete="off" autocapitalize="characters" spellcheck="false">
        </div>
        <button type="submit" class="form-action" data-i18n="account.join"></button>
      </form>
      <p id="join-status" class="status" role="status"></p>
    </fieldset>
    <fieldset>
      <legend data-i18n="account.passwordTitle"></legend>
      <form id="password-form" novalidate>
        <div class="field">
          <label for="password-current" data-i18n="account.currentPassword"></label>
          <input id="password-current" name="current" type="password" autocomplete="current-password">
        </div>
        <div class="field">
          <label for="password-next" data-i18n="account.newPassword"></label>
          <input id="password-next" name="next" type="password" autocomplete="new-password">
        </div>
        <button type="submit" class="form-action" data-i18n="account.changePassword"></button>
      </form>
      <p id="password-status" class="status" role="status"></p>
    </fieldset>
    <button id="sign-out" type="button" class="form-action" data-i18n="account.signOut"></button>
  </div>
</section>`;

// One's account on a class server: who is signed in, the classes that see one's data (leave one,
// join another with its code), the password, and signing out.
export function accountScreen({ account, signedOut }) {
  const element = addScreen(MARKUP);
  const list = document.getElementById('account-classes');
  const empty = document.getElementById('account-classes-empty');
  const joinForm = document.getElementById('join-form');
  const joinStatus = document.getElementById('join-status');
  const passwordForm = document.getElementById('password-form');
  const passwordStatus = document.getElementById('password-status');

  async function showClasses() {
    let classes = [];
    try {
      ({ classes } = await api.myClasses());
    } catch (error) {
      joinStatus.textContent = refusalText(error);
    }
    empty.hidden = classes.length > 0;
    list.replaceChildren(...classes.map((entry) => {
      const item = document.createElement('li');
      const text = document.createElement('span');
      text.textContent = t('account.classLine', { name: entry.name, teacher: entry.teacher });
      const leave = document.createElement('button');
      leave.type = 'button';
      leave.className = 'danger';
      leave.textContent = t('account.leave');
      leave.setAttribute('aria-label', t('account.leaveLabel', { name: entry.name }));
      leave.addEventListener('click', async () => {
        if (!window.confirm(t('account.leaveConfirm', { name: entry.name, teacher: entry.teacher }))) return;
        try {
          await api.leaveClass(entry.id);
          joinStatus.textContent = t('account.left', { name: entry.name });
        } catch (error) {
          joinStatus.textContent = refusalText(error);
        }
        showClasses();
      });
      item.append(text, leave);
      return item;
    }));
  }

  joinForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const joined = await api.joinClass(new FormData(joinForm).get('invitation'));
      joinForm.reset();
      joinStatus.textContent = t('account.joined', { name: joined.name });
    } catch (error) {
      joinStatus.textContent = refusalText(error);
    }
    showClasses();
  });

  passwordForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const { current, next } = Object.fromEntries(new FormData(passwordForm));
    try {
      await api.changePassword(current, next);
      passwordForm.reset();
      passwordStatus.textContent = t('account.passwordChanged');
    } catch (error) {
      passwordStatus.textContent = refusalText(error);
    }
  });

  document.getElementById('sign-out').addEventListener('click', async () => {
    await api.signOut().catch(() => {});
    signedOut();
  });

  function showWho() {
    const user = account().user;
    document.getElementById('account-who').textContent = t(user?.teacher ? 'account.whoTeacher' : 'account.who', { name: user?.name ?? '' });
  }
  document.addEventListener('languagechange', () => {
    if (element.hidden) return;
    showWho();
    showClasses();
  });

  return {
    element,
    show() {
      showWho();
      joinStatus.textContent = '';
      passwordStatus.textContent = '';
      showClasses();
    },
    hide() {},
  };
}
