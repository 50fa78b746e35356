import { api } from '../api.js';
import { hasString, t } from '../i18n/i18n.js';

/**
 * What a refusal says to the user, in their language: the server's code (`refusal.<code>`) filled
 * with the numbers it sent (how long to wait, the bounds of a name), never its English message.
 */
export function refusalText(error) {
  if (!error.status) return t('account.unreachable');
  const key = `refusal.${error.detail?.code}`;
  return hasString(key) ? t(key, error.detail) : t('refusal.other', { status: error.status });
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
