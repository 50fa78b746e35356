import { api } from '../api.js';
import { addStrings, hasString, t } from '../i18n/i18n.js';
import { addScreen } from './screen.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'account.signInTitle': 'Peach for your class',
    'account.signIn': 'Sign in',
    'account.name': 'Name',
    'account.password': 'Password',
    'account.signInAction': 'Sign in',
    'account.signUp': 'New here?',
    'account.signUpNote': 'Your teacher gives you an invitation code for your class.',
    'account.invitation': 'Invitation code',
    'account.signUpAction': 'Create account',
    'account.unreachable': 'Peach cannot be reached. Try again in a moment.',
  },
  de: {
    'account.signInTitle': 'Peach für deine Klasse',
    'account.signIn': 'Anmelden',
    'account.name': 'Name',
    'account.password': 'Passwort',
    'account.signInAction': 'Anmelden',
    'account.signUp': 'Neu hier?',
    'account.signUpNote': 'Deine Lehrkraft gibt dir einen Einladungscode für deine Klasse.',
    'account.invitation': 'Einladungscode',
    'account.signUpAction': 'Konto anlegen',
    'account.unreachable': 'Peach ist nicht erreichbar. Versuche es gleich noch einmal.',
  },
});

/** The screen's markup: its strings by key (data-i18n), filled in by translate. */
const MARKUP = `
<section id="screen-sign-in" class="screen" aria-labelledby="sign-in-title" hidden>
  <header class="bar">
    <h1 id="sign-in-title" data-i18n="account.signInTitle"></h1>
  </header>
  <div class="settings account-forms">
    <form id="sign-in-form" novalidate>
      <fieldset>
        <legend data-i18n="account.signIn"></legend>
        <div class="field">
          <label for="sign-in-name" data-i18n="account.name"></label>
          <input id="sign-in-name" name="name" autocomplete="username" autocapitalize="none" spellcheck="false">
        </div>
        <div class="field">
          <label for="sign-in-password" data-i18n="account.password"></label>
          <input id="sign-in-password" name="password" type="password" autocomplete="current-password">
        </div>
        <button type="submit" class="primary form-action" data-i18n="account.signInAction"></button>
        <p id="sign-in-status" class="status" role="alert"></p>
      </fieldset>
    </form>
    <form id="sign-up-form" novalidate>
      <fieldset>
        <legend data-i18n="account.signUp"></legend>
        <p class="note" data-i18n="account.signUpNote"></p>
        <div class="field">
          <label for="sign-up-invitation" data-i18n="account.invitation"></label>
          <input id="sign-up-invitation" name="invitation" autocomplete="off" autocapitalize="characters" spellcheck="false">
        </div>
        <div class="field">
          <label for="sign-up-name" data-i18n="account.name"></label>
          <input id="sign-up-name" name="name" autocomplete="username" autocapitalize="none" spellcheck="false">
        </div>
        <div class="field">
          <label for="sign-up-password" data-i18n="account.newPassword"></label>
          <input id="sign-up-password" name="password" type="password" autocomplete="new-password">
        </div>
        <button type="submit" class="form-action" data-i18n="account.signUpAction"></button>
        <p id="sign-up-status" class="status" role="alert"></p>
      </fieldset>
    </form>
  </div>
</section>`;

/**
 * What a refusal says to the user, in their language: the server's code (`refusal.<code>`) filled
 * with the numbers it sent (how long to wait, the bounds of a name), never its English message.
 */
export function refusalText(error) {
  if (!error.status) return t('account.unreachable');
  const key = `refusal.${error.detail?.code}`;
  return hasString(key) ? t(key, error.detail) : t('refusal.other', { status: error.status });
}

/**
 * How the forms that sign someone in send: `send` gets the form's fields as they are (the server
 * checks them), the button is off meanwhile, and a refusal is said in `status`; done, the form is
 * cleared.
 */
export function sendingForm(form, status, send) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const submit = form.querySelector('button[type=submit]');
    submit.disabled = true;
    status.textContent = '';
    try {
      await send(Object.fromEntries(new FormData(form)));
      form.reset();
    } catch (error) {
      status.textContent = refusalText(error);
    } finally {
      submit.disabled = false;
    }
  });
}

// A class server's door: sign in, or sign up with a class's invitation code.
export function signInScreen({ signedIn }) {
  const element = addScreen(MARKUP);
  const forms = [
    [document.getElementById('sign-in-form'), document.getElementById('sign-in-status'),
      ({ name, password }) => api.signIn(name, password)],
    [document.getElementById('sign-up-form'), document.getElementById('sign-up-status'),
      ({ name, password, invitation }) => api.signUp(name, password, invitation)],
  ];
  for (const [form, status, send] of forms) {
    sendingForm(form, status, async (fields) => {
      const { user } = await send(fields);
      signedIn(user, fields.password);
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
