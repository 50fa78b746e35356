import { api } from '../api.js';
import { hasString, t } from '../i18n/i18n.js';
import { disciplineName, disciplines, trainingHash } from '../catalogue.js';
import { formatCents } from '../i18n/format.js';

export function startScreen({ navigate }) {
  const element = document.getElementById('screen-start');
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
