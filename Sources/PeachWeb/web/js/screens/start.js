import { api } from '../api.js';
import { addStrings, hasString, language, t } from '../i18n/i18n.js';
import { disciplineName, disciplines, trainingHash } from '../catalogue.js';
import { formatCents } from '../i18n/format.js';
import '../profile/reference.js';
import { addScreen } from './screen.js';
import { startAssignments } from './start-assignments.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'app.name': 'Peach',
    'start.tagline': 'Train your ear for the smallest pitch differences.',
    'start.navigation': 'More',
    'start.info': 'Info',
    'start.settings': 'Settings',
    'common.close': 'Close',
    'info.developer': 'Developer',
    'info.developerName': 'The Peach developers',
    'info.version': 'Version',
    'info.copyright': 'Copyright',
    'info.copyrightNotice': '© 2026 The Peach developers',
    'start.profile': 'Profile',
    'start.profileEmpty': 'Your progress will appear here',
    'start.profileLabel': 'Your training progress. Tap to view details.',
    'start.profileLabelWithValue': 'Your training progress: threshold {value} cents. Tap to view details.',
    'start.pitch': 'Pitch',
    'start.intervals': 'Intervals',
    'start.profileNote': 'Your progress in every training: each line falls as you improve.',
    'start.introTitle': 'New to Peach?',
    'start.introWhat': 'Peach trains your ear in short exercises: you listen, answer, and hear at once whether you were right. Each training adapts to you, and your Profile shows how you improve.',
    'start.introBegin': 'Begin with {training}, the first training below: a few minutes a day, with headphones, is enough.',
    'start.introDismiss': 'Got it',
    'start.tests': 'Test yourself',
    'start.testsNote': 'Each run measures the smallest difference you hear.',
    'info.showIntro': 'Show the introduction',
    'start.rhythm': 'Rhythm',
  },
  de: {
    'app.name': 'Peach',
    'start.tagline': 'Trainiere dein Gehör für die feinsten Tonhöhenunterschiede.',
    'start.navigation': 'Mehr',
    'start.info': 'Info',
    'start.settings': 'Einstellungen',
    'common.close': 'Schließen',
    'info.developer': 'Entwicklung',
    'info.developerName': 'Die Peach-Entwickler',
    'info.version': 'Version',
    'info.copyright': 'Copyright',
    'info.copyrightNotice': '© 2026 Die Peach-Entwickler',
    'start.profile': 'Profil',
    'start.profileEmpty': 'Hier erscheint dein Fortschritt',
    'start.profileLabel': 'Dein Trainingsfortschritt. Tippen für Details.',
    'start.profileLabelWithValue': 'Dein Trainingsfortschritt: Schwelle {value} Cent. Tippen für Details.',
    'start.pitch': 'Tonhöhe',
    'start.intervals': 'Intervalle',
    'start.profileNote': 'Dein Fortschritt in jedem Training: Jede Linie fällt, wenn du besser wirst.',
    'start.introTitle': 'Neu bei Peach?',
    'start.introWhat': 'Peach trainiert dein Gehör in kurzen Übungen: Du hörst zu, antwortest und erfährst sofort, ob du richtig lagst. Jedes Training passt sich dir an, und dein Profil zeigt, wie du besser wirst.',
    'start.introBegin': 'Beginne mit „{training}“, dem ersten Training unten: Ein paar Minuten am Tag mit Kopfhörern genügen.',
    'start.introDismiss': 'Verstanden',
    'start.tests': 'Teste dich',
    'start.testsNote': 'Jeder Durchgang misst den kleinsten Unterschied, den du hörst.',
    'info.showIntro': 'Einführung zeigen',
    'start.rhythm': 'Rhythmus',
  },
});

/** Where the first-run card's dismissal is kept: this browser's, as the card is this browser's first run. */
const INTRO_DISMISSED = 'peach.introDismissed';

/** The screen's markup: its strings by key (data-i18n), filled in by translate. */
const MARKUP = `
<section id="screen-start" class="screen" aria-labelledby="start-title">
  <nav class="start-nav" aria-label="Peach" data-i18n-aria-label="start.navigation">
    <button id="open-info" class="icon-button" type="button" data-i18n-aria-label="start.info">
      <svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" stroke-width="2"/><path d="M12 10.5v6" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/><circle cx="12" cy="7.3" r="1.4" fill="currentColor"/></svg>
    </button>
    <a href="#/settings" id="open-settings" class="icon-button" data-i18n-aria-label="start.settings">
      <svg viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M19.4 13a7.6 7.6 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.4 7.4 0 0 0-1.7-1L15 3.3h-4l-.4 2.6a7.4 7.4 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.6 7.6 0 0 0 0 2l-2.2 1.6 2 3.5 2.5-1a7.4 7.4 0 0 0 1.7 1l.4 2.6h4l.4-2.6a7.4 7.4 0 0 0 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z" transform="translate(-1 0)"/></svg>
    </a>
  </nav>
  <header class="start-header">
    <img class="app-icon" src="/icon.svg" alt="" width="96" height="96">
    <h1 id="start-title" data-i18n="app.name">Peach</h1>
    <p class="tagline" data-i18n="start.tagline"></p>
  </header>
  <p id="start-account" class="start-account" hidden>
    <a id="open-account" href="#/account"></a>
    <a id="open-classes" href="#/classes" data-i18n="classes.title" hidden></a>
  </p>
  <!-- A class server's assignments for the student, above everything else (start-assignments.js). -->
  <section id="start-assignments" class="discipline-group start-assignments" aria-labelledby="start-assignments-title" hidden></section>
  <!-- What Peach is and where to begin, until it is put away (Info brings it back). -->
  <section id="start-intro" class="start-intro" aria-labelledby="start-intro-title" hidden>
    <h2 id="start-intro-title" data-i18n="start.introTitle"></h2>
    <p data-i18n="start.introWhat"></p>
    <p id="start-intro-begin"></p>
    <button id="start-intro-dismiss" class="primary" type="button" data-i18n="start.introDismiss"></button>
  </section>
  <!-- One section per group of trainings, drawn from the catalogue by start.js, then the tests
       (the catalogue's "measures") apart, then the way to the Profile. -->
  <div class="start-actions"></div>
  <button id="start-profile" class="start-profile" type="button">
    <span class="start-profile-name" data-i18n="start.profile"></span>
    <span id="start-profile-note" class="start-profile-note" data-i18n="start.profileNote"></span>
  </button>
</section>

<dialog id="info-dialog" aria-labelledby="info-title">
  <img src="/icon.svg" alt="" width="64" height="64">
  <h2 id="info-title" data-i18n="app.name"></h2>
  <dl class="info-list">
    <dt data-i18n="info.developer"></dt><dd data-i18n="info.developerName"></dd>
    <dt data-i18n="info.version"></dt><dd id="info-version"></dd>
    <dt data-i18n="info.copyright"></dt><dd data-i18n="info.copyrightNotice"></dd>
  </dl>
  <section class="info-sources" aria-labelledby="info-sources-title">
    <h3 id="info-sources-title" data-i18n="reference.sources"></h3>
    <p class="note" data-i18n="reference.arndt"></p>
    <p class="note" data-i18n="reference.micheyl"></p>
  </section>
  <a id="info-phone" class="button-link info-phone" href="#/phone" data-i18n="phone.open"></a>
  <button id="info-intro" type="button" data-i18n="info.showIntro"></button>
  <button id="info-close" class="primary" type="button" data-i18n="common.close"></button>
</dialog>`;

/** The tests' section: a name of its own, not a group of the catalogue. */
const TESTS = 'tests';

export function startScreen({ navigate, account }) {
  const element = addScreen(MARKUP);
  const assignments = startAssignments(document.getElementById('start-assignments'), navigate);
  const info = document.getElementById('info-dialog');
  const actions = element.querySelector('.start-actions');
  const intro = document.getElementById('start-intro');
  const profileButton = document.getElementById('start-profile');
  document.getElementById('open-info').addEventListener('click', async () => {
    info.showModal();
    const health = await api.health().catch(() => null);
    document.getElementById('info-version').textContent = health?.version ?? '';
  });
  document.getElementById('info-close').addEventListener('click', () => info.close());
  document.getElementById('info-intro').addEventListener('click', () => {
    info.close();
    showIntro(true);
  });
  document.getElementById('start-intro-dismiss').addEventListener('click', () => {
    localStorage.setItem(INTRO_DISMISSED, 'true');
    intro.hidden = true;
    buttons[0]?.[0].focus({ preventScroll: true });
  });
  profileButton.addEventListener('click', () => navigate('#/profile'));

  /** The card, for a new user (nothing trained, never put away) or when Info asks for it. */
  function showIntro(asked) {
    if (asked) localStorage.removeItem(INTRO_DISMISSED);
    const dismissed = localStorage.getItem(INTRO_DISMISSED) === 'true';
    if (asked || (!dismissed && !trained)) intro.hidden = false;
    if (asked) intro.scrollIntoView({ block: 'nearest' });
  }
  let trained = false;

  // The sparklines are a glance, never a blocker: if they cannot load, Start still works. Each is
  // the server's (a rhythm discipline's for the tempo band trained most).
  async function showPreviews() {
    try {
      const boxes = [...actions.querySelectorAll('.sparkline-box[data-discipline]')];
      // A line the server cannot draw (a discipline newer than it) leaves its box blank, not the
      // others; each is drawn as it comes, not once the slowest of the sixteen (or the profile) has.
      const drawn = boxes.map((box) => api.sparklineSvg(box.dataset.discipline).catch(() => '')
        .then((svg) => { box.innerHTML = svg; }));
      const [profile] = await Promise.all([api.profile().catch(() => null), ...drawn]);
      trained = boxes.some((box) => box.querySelector('svg path:not(.empty)'));
      element.classList.toggle('untrained', !trained);
      // The Profile's headline: the fitted threshold, never the mean difference played.
      const threshold = profile?.threshold && !profile.threshold.upperIsOpen ? profile.threshold.threshold : null;
      profileButton.setAttribute('aria-label', threshold === null
        ? t('start.profileLabel') : t('start.profileLabelWithValue', { value: formatCents(threshold) }));
      document.getElementById('start-profile-note').dataset.i18n = trained ? 'start.profileNote' : 'start.profileEmpty';
      document.getElementById('start-profile-note').textContent = t(trained ? 'start.profileNote' : 'start.profileEmpty');
    } catch (error) {
      console.warn('profile preview unavailable:', error);
    }
    showIntro(false);
  }

  function groupTitle(name) {
    return hasString(`start.${name}`) ? t(`start.${name}`) : name;
  }

  /** A group's section, made the first time one of its disciplines is placed. */
  function group(name) {
    let section = actions.querySelector(`.discipline-group[data-group="${name}"]`);
    if (section) return section;
    section = document.createElement('section');
    section.className = 'discipline-group';
    section.dataset.group = name;
    section.setAttribute('aria-labelledby', `start-${name}-title`);
    const title = document.createElement('h2');
    title.id = `start-${name}-title`;
    if (hasString(`start.${name}`)) title.dataset.i18n = `start.${name}`;
    title.textContent = groupTitle(name);
    section.append(title);
    actions.append(section);
    return section;
  }

  function span(className, id) {
    const part = document.createElement('span');
    part.className = className;
    if (id) part.id = id;
    return part;
  }

  /**
   * A training's row: its name, one line on what it trains (the catalogue's), and its sparkline
   * where the line falls as the user improves (a signed offset, which comes to zero instead, is left
   * to the Profile).
   */
  function row(entry, primary) {
    const button = document.createElement('button');
    button.type = 'button';
    button.id = `start-${entry.id}`;
    button.className = `training-row${primary ? ' primary' : ''}`;
    button.setAttribute('aria-labelledby', `start-${entry.id}-name`);
    button.setAttribute('aria-describedby', `start-${entry.id}-summary`);
    button.addEventListener('click', () => navigate(trainingHash(entry.id)));
    const text = span('training-text');
    text.append(span('training-name', `start-${entry.id}-name`), span('training-summary', `start-${entry.id}-summary`));
    const line = span(entry.sparkline === 'lowerIsBetter' ? 'sparkline-box' : 'sparkline-none');
    line.setAttribute('aria-hidden', 'true');
    if (entry.sparkline === 'lowerIsBetter') {
      line.id = `sparkline-${entry.id}`;
      line.dataset.discipline = entry.id;
    }
    button.append(text, line);
    return button;
  }

  // One row per discipline the server offers, in its order, in its group; the tests in a section of
  // their own at the end. The first training is where a beginner starts.
  const offered = disciplines();
  const firstTraining = offered.find((entry) => !entry.measures) ?? offered[0];
  const buttons = offered.filter((entry) => !entry.measures).map((entry) => {
    const button = row(entry, entry === firstTraining);
    group(entry.group).append(button);
    return [button, entry];
  });
  const tests = offered.filter((entry) => entry.measures);
  if (tests.length) {
    const section = group(TESTS);
    section.classList.add('test-group');
    const note = document.createElement('p');
    note.className = 'group-note';
    note.dataset.i18n = 'start.testsNote';
    note.textContent = t('start.testsNote');
    section.append(note);
    for (const entry of tests) {
      const button = row(entry, false);
      section.append(button);
      buttons.push([button, entry]);
    }
  }

  function nameDisciplines() {
    for (const [button, entry] of buttons) {
      button.querySelector('.training-name').textContent = disciplineName(entry);
      button.querySelector('.training-summary').textContent = entry.summary?.[language()] ?? entry.summary?.en ?? '';
    }
    document.getElementById('start-intro-begin').textContent = firstTraining
      ? t('start.introBegin', { training: disciplineName(firstTraining) }) : '';
  }
  nameDisciplines();
  document.addEventListener('languagechange', nameDisciplines);
  // A sparkline's title is in the language it was asked in: the settings can arrive after it.
  document.addEventListener('languagechange', () => { if (!element.hidden) showPreviews(); });
  document.addEventListener('languagechange', () => { if (!element.hidden) assignments.show(account?.().user); });

  return {
    element,
    show() {
      (intro.hidden ? buttons[0]?.[0] : document.getElementById('start-intro-dismiss'))?.focus({ preventScroll: true });
      showPreviews();
      assignments.show(account?.().user);
    },
    hide() { if (info.open) info.close(); },
  };
}
