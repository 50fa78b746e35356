import { api } from '../api.js';
import { t } from '../i18n/i18n.js';
import { refusalText } from './sign-in.js';

// One's account on a class server: who is signed in, the classes that see one's data (leave one,
// join another with its code), the password, and signing out.
export function accountScreen({ account, signedOut }) {
  const element = document.getElementById('screen-account');
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
