import { api } from '../api.js';
import { hasString, t } from '../i18n/i18n.js';
import { disciplineName, disciplines, trainingHash } from '../catalogue.js';
import { formatCents } from '../i18n/format.js';
import { addScreen } from './screen.js';

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
  <img class="app-icon" src="/icon.svg" alt="" width="96" height="96">
  <h1 id="start-title" data-i18n="app.name">Peach</h1>
  <p class="tagline" data-i18n="start.tagline"></p>
  <p id="start-account" class="start-account" hidden>
    <a id="open-account" href="#/account"></a>
    <a id="open-classes" href="#/classes" data-i18n="classes.title" hidden></a>
  </p>
  <!-- One section per group of disciplines, drawn from the catalogue by start.js: its buttons,
       then a card of its profile. -->
  <div class="start-actions"></div>
</section>

<dialog id="info-dialog" aria-labelledby="info-title">
  <img src="/icon.svg" alt="" width="64" height="64">
  <h2 id="info-title" data-i18n="app.name"></h2>
  <dl class="info-list">
    <dt data-i18n="info.developer"></dt><dd data-i18n="info.developerName"></dd>
    <dt data-i18n="info.version"></dt><dd id="info-version"></dd>
    <dt data-i18n="info.copyright"></dt><dd data-i18n="info.copyrightNotice"></dd>
  </dl>
  <a id="info-phone" class="button-link info-phone" href="#/phone" data-i18n="phone.open"></a>
  <button id="info-close" class="primary" type="button" data-i18n="common.close"></button>
</dialog>`;

export function startScreen({ navigate }) {
  const element = addScreen(MARKUP);
  const info = document.getElementById('info-dialog');
  const actions = element.querySelector('.start-actions');
  document.getElementById('open-info').addEventListener('click', async () => {
    info.showModal();
    const health = await api.health().catch(() => null);
    document.getElementById('info-version').textContent = health?.version ?? '';
  });
  document.getElementById('info-close').addEventListener('click', () => info.close());

  // The previews are a glance, never a blocker: if they cannot load, Start still works. Each
  // sparkline is the server's (a rhythm discipline's for the tempo band trained most); a card is
  // empty while every line on it is.
  async function showPreviews() {
    try {
      const boxes = [...actions.querySelectorAll('.sparkline-box[data-discipline]')];
      // A line the server cannot draw (a discipline newer than it) leaves its box blank, not the others.
      const [profile, ...svgs] = await Promise.all([
        api.profile().catch(() => null), ...boxes.map((box) => api.sparklineSvg(box.dataset.discipline).catch(() => ''))]);
      boxes.forEach((box, index) => { box.innerHTML = svgs[index]; });
      for (const [name, preview] of previews) {
        const empty = !preview.querySelector('.sparkline-box svg path:not(.empty)');
        preview.querySelector('.profile-preview-empty').hidden = !empty;
        preview.classList.toggle('empty', empty);
        // The pitch card says the Profile's headline: the fitted threshold, never the mean difference played.
        const threshold = name === 'pitch' && profile?.threshold && !profile.threshold.upperIsOpen ? profile.threshold.threshold : null;
        preview.setAttribute('aria-label', name !== 'pitch'
          ? t('start.groupProfileLabel', { group: groupTitle(name) })
          : threshold === null ? t('start.profileLabel') : t('start.profileLabelWithValue', { value: formatCents(threshold) }));
      }
    } catch (error) {
      console.warn('profile preview unavailable:', error);
    }
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

  /** Sparkline captions of an answer method the table has no word for: the discipline's name. */
  const namedCaptions = [];

  /** A span with a class, and its text from the table when it has a key. */
  function span(className, key) {
    const part = document.createElement('span');
    part.className = className;
    if (key) {
      part.dataset.i18n = key;
      part.textContent = t(key);
    }
    return part;
  }

  /**
   * A group's profile card: a sparkline for each of its disciplines whose line falls as the user
   * improves (a signed offset, which comes to zero instead, is left to the Profile).
   */
  function preview(name, entries) {
    const button = document.createElement('button');
    button.type = 'button';
    button.id = `start-${name}-profile`;
    button.className = 'profile-preview';
    button.addEventListener('click', () => navigate('#/profile'));
    const lines = span('sparklines');
    lines.setAttribute('aria-hidden', 'true');
    for (const entry of entries.filter((each) => each.sparkline === 'lowerIsBetter')) {
      const row = span('sparkline-row');
      // A discipline's own caption, else its answer method's, else its name.
      const key = [`start.sparkline.${entry.id}`, `start.sparkline.${entry.answerMethod}`].find(hasString) ?? null;
      const caption = span('sparkline-caption', key);
      if (!caption.dataset.i18n) namedCaptions.push([caption, entry]);
      const box = span('sparkline-box');
      box.id = `sparkline-${entry.id}`;
      box.dataset.discipline = entry.id;
      row.append(caption, box);
      lines.append(row);
    }
    if (lines.children.length) lines.append(span('sparkline-better', 'start.lowerIsBetter'));
    const text = span('profile-preview-text');
    const empty = span('profile-preview-empty', 'start.profileEmpty');
    empty.id = `start-${name}-empty`;
    empty.hidden = true;
    text.append(span('', 'start.profile'), empty);
    button.append(lines, text);
    return button;
  }

  // One button per discipline the server offers, in its order: the first is the primary action.
  const buttons = disciplines().map((entry, index) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.id = `start-${entry.id}`;
    button.className = `big ${index === 0 ? 'primary' : 'secondary'}`;
    if (index === 0) button.dataset.i18n = 'start.training';
    button.addEventListener('click', () => navigate(trainingHash(entry.id)));
    group(entry.group).append(button);
    return [button, entry];
  });
  // Below each group's buttons, its profile card.
  const previews = [...actions.querySelectorAll('.discipline-group')].map((section) => {
    const name = section.dataset.group;
    const card = preview(name, disciplines().filter((entry) => entry.group === name));
    section.append(card);
    return [name, card];
  });
  function nameDisciplines() {
    for (const [button, entry] of buttons) button.textContent = button.dataset.i18n ? t(button.dataset.i18n) : disciplineName(entry);
    for (const [caption, entry] of namedCaptions) caption.textContent = disciplineName(entry);
  }
  nameDisciplines();
  document.addEventListener('languagechange', nameDisciplines);
  // A sparkline's title is in the language it was asked in: the settings can arrive after it.
  document.addEventListener('languagechange', () => { if (!element.hidden) showPreviews(); });

  return {
    element,
    show() {
      buttons[0]?.[0].focus({ preventScroll: true });
      showPreviews();
    },
    hide() { if (info.open) info.close(); },
  };
}
