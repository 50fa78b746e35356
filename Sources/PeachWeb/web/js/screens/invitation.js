import { api } from '../api.js';
import { addStrings, t } from '../i18n/i18n.js';
import { refusalText, sendingForm } from './sign-in.js';
import { addScreen } from './screen.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'invitation.title': 'Welcome to Peach',
    'invitation.note': 'Your teacher made an account for you. Choose your password: one that only you know. This link works only once.',
    'invitation.password': 'Your password',
    'invitation.action': 'Save and start',
    'invitation.who': 'Your name for signing in: {name}',
  },
  de: {
    'invitation.title': 'Willkommen bei Peach',
    'invitation.note': 'Deine Lehrkraft hat ein Konto für dich angelegt. Wähle dein Passwort: eines, das nur du kennst. Dieser Link funktioniert nur einmal.',
    'invitation.password': 'Dein Passwort',
    'invitation.action': 'Speichern und loslegen',
    'invitation.who': 'Dein Name zum Anmelden: {name}',
  },
});

/** The screen's markup: its strings by key (data-i18n), filled in by translate. */
const MARKUP = `
<section id="screen-invitation" class="screen" aria-labelledby="invitation-title" hidden>
  <header class="bar">
    <h1 id="invitation-title" data-i18n="invitation.title"></h1>
  </header>
  <div class="settings account-forms">
    <p id="invitation-who" class="hint"></p>
    <p id="invitation-refused" class="status" role="alert" hidden></p>
    <form id="invitation-form" novalidate hidden>
      <fieldset>
        <p class="note" data-i18n="invitation.note"></p>
        <div class="field">
          <label for="invitation-password" data-i18n="invitation.password"></label>
          <input id="invitation-password" name="password" type="password" autocomplete="new-password">
        </div>
        <button type="submit" class="primary form-action" data-i18n="invitation.action"></button>
        <p id="invitation-status" class="status" role="alert"></p>
      </fieldset>
    </form>
  </div>
</section>`;

// A class list's invitation link (`#/invitation/<token>`, from `peach classes import --invite`): the
// page asks whose it is (or why it no longer works) before it offers the password field; saved, the
// student is signed in. The token stays in the address's fragment, which no request carries, until
// the page posts it.
export function invitationScreen({ signedIn }) {
  const element = addScreen(MARKUP);
  const form = document.getElementById('invitation-form');
  const status = document.getElementById('invitation-status');
  const who = document.getElementById('invitation-who');
  const refused = document.getElementById('invitation-refused');
  let token = null;
  let name = null;

  function showWho() {
    who.textContent = name === null ? '' : t('invitation.who', { name });
  }
  document.addEventListener('languagechange', showWho);

  sendingForm(form, status, async ({ password }) => {
    const { user } = await api.acceptInvitation(token, password);
    signedIn(user);
  });

  return {
    element,
    async show(linked) {
      token = linked;
      name = null;
      showWho();
      form.hidden = true;
      status.textContent = '';
      refused.hidden = true;
      try {
        ({ name } = await api.checkInvitation(linked));
      } catch (error) {
        if (token !== linked) return;
        refused.textContent = refusalText(error);
        refused.hidden = false;
        return;
      }
      if (token !== linked) return;
      showWho();
      form.hidden = false;
      document.getElementById('invitation-password').focus({ preventScroll: true });
    },
    hide() {},
  };
}
