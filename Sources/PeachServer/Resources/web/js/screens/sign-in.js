import { api } from '../api.js';
import { t } from '../i18n.js';

/** What a refusal says to the user: the server's own message (it owns the rules, and says how long to wait). */
export function refusalText(error) {
  return error.status ? error.message : t('account.unreachable');
}

// A class server's door: sign in, or sign up with a class's invitation code. Both forms post as
// they are; the server checks names, passwords and codes and says what is wrong.
export function signInScreen({ signedIn }) {
  const element = document.getElementById('screen-sign-in');
  const forms = [
    [document.getElementById('sign-in-form'), document.getElementById('sign-in-status'),
      ({ name, password }) => api.signIn(name, password)],
    [document.getElementById('sign-up-form'), document.getElementById('sign-up-status'),
      ({ name, password, invitation }) => api.signUp(name, password, invitation)],
  ];
  for (const [form, status, send] of forms) {
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const submit = form.querySelector('button[type=submit]');
      submit.disabled = true;
      status.textContent = '';
      try {
        const { user } = await send(Object.fromEntries(new FormData(form)));
        form.reset();
        signedIn(user);
      } catch (error) {
        status.textContent = refusalText(error);
      } finally {
        submit.disabled = false;
      }
    });
  }

  return {
    element,
    show() {
      for (const [, status] of forms) status.textContent = '';
      document.getElementById('sign-in-name').focus({ preventScroll: true });
    },
    hide() {},
  };
}
