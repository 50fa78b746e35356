import { api } from '../api.js';
import { addStrings, t } from '../i18n/i18n.js';
import { sendingForm } from './sign-in.js';
import { addScreen } from './screen.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'ownPassword.title': 'Choose your own password',
    'ownPassword.note': 'Your teacher knows the password you were given, so it only lets you choose your own. Choose one that only you know.',
    'ownPassword.given': 'Password you were given',
    'ownPassword.action': 'Save my password',
  },
  de: {
    'ownPassword.title': 'Wähle dein eigenes Passwort',
    'ownPassword.note': 'Das Passwort, das du bekommen hast, kennt deine Lehrkraft. Damit kannst du nur dein eigenes wählen: eines, das nur du kennst.',
    'ownPassword.given': 'Passwort, das du bekommen hast',
    'ownPassword.action': 'Mein Passwort speichern',
  },
});

/** The screen's markup: its strings by key (data-i18n), filled in by translate. */
const MARKUP = `
<section id="screen-own-password" class="screen" aria-labelledby="own-password-title" hidden>
  <header class="bar">
    <h1 id="own-password-title" data-i18n="ownPassword.title"></h1>
  </header>
  <div class="settings account-forms">
    <p id="own-password-who" class="hint"></p>
    <form id="own-password-form" novalidate>
      <fieldset>
        <p class="note" data-i18n="ownPassword.note"></p>
        <div id="own-password-given-field" class="field">
          <label for="own-password-given" data-i18n="ownPassword.given"></label>
          <input id="own-password-given" name="given" type="password" autocomplete="current-password">
        </div>
        <div class="field">
          <label for="own-password-next" data-i18n="account.newPassword"></label>
          <input id="own-password-next" name="next" type="password" autocomplete="new-password">
        </div>
        <button type="submit" class="primary form-action" data-i18n="ownPassword.action"></button>
        <p id="own-password-status" class="status" role="alert"></p>
      </fieldset>
    </form>
    <button id="own-password-sign-out" type="button" class="form-action" data-i18n="account.signOut"></button>
  </div>
</section>`;

// After signing in with a password handed out (a class list's), the one way on: the server refuses
// everything else until the student has chosen their own. The password just typed to sign in is
// sent again as the current one; after a reload, which forgets it, the student types it here.
export function ownPasswordScreen({ account, handedPassword, signedIn, signedOut }) {
  const element = addScreen(MARKUP);
  const form = document.getElementById('own-password-form');
  const status = document.getElementById('own-password-status');
  const givenField = document.getElementById('own-password-given-field');

  sendingForm(form, status, async ({ given, next }) => {
    await api.changePassword(handedPassword() ?? given, next);
    // Asked again so that the account kept for offline visits no longer says to change it.
    const changed = await api.account().catch(() => null);
    signedIn(changed?.user ?? { ...account().user, mustChangePassword: false });
  });

  function showWho() {
    document.getElementById('own-password-who').textContent = t('start.signedInAs', { name: account().user?.name ?? '' });
  }
  document.addEventListener('languagechange', () => { if (!element.hidden) showWho(); });

  document.getElementById('own-password-sign-out').addEventListener('click', async () => {
    await api.signOut().catch(() => {});
    signedOut();
  });

  return {
    element,
    show() {
      status.textContent = '';
      showWho();
      givenField.hidden = handedPassword() !== null;
      document.getElementById(givenField.hidden ? 'own-password-next' : 'own-password-given').focus({ preventScroll: true });
    },
    hide() {},
  };
}
