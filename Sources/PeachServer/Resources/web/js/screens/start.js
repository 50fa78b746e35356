import { api } from '../api.js';
import { hasString, t } from '../i18n.js';
import { disciplineName, disciplines, trainingHash } from '../catalogue.js';
import { formatCents } from '../format.js';

export function startScreen({ navigate }) {
  const element = document.getElementById('screen-start');
  const info = document.getElementById('info-dialog');
  const preview = document.getElementById('start-profile');
  const empty = document.getElementById('start-profile-empty');
  const actions = element.querySelector('.start-actions');
  preview.addEventListener('click', () => navigate('#/profile'));
  document.getElementById('start-intervals-profile').addEventListener('click', () => navigate('#/profile'));
  document.getElementById('start-rhythm-profile').addEventListener('click', () => navigate('#/profile'));
  document.getElementById('open-info').addEventListener('click', async () => {
    info.showModal();
    const health = await api.health().catch(() => null);
    document.getElementById('info-version').textContent = health?.version ?? '';
  });
  document.getElementById('info-close').addEventListener('click', () => info.close());

  // The preview is a glance, never a blocker: if it cannot load, Start still works.
  async function showPreview() {
    try {
      const boxes = [...element.querySelectorAll('.sparkline-box[data-discipline]:not([data-band])')];
      const [profile, intervals, singing, ...svgs] = await Promise.all([
        api.profile(), api.profile('intervals'), api.profile('singing'), ...boxes.map((box) => api.sparklineSvg(box.dataset.discipline))]);
      boxes.forEach((box, index) => { box.innerHTML = svgs[index]; });
      // Rhythm is kept per tempo band: Start shows the band trained most.
      const band = profile.rhythm.comparison.reduce((most, entry) => (entry.count > (most?.count ?? 0) ? entry : most), null)?.tempoBand;
      const rhythmBox = document.getElementById('start-rhythm-sparkline');
      rhythmBox.innerHTML = band ? await api.sparklineSvg(rhythmBox.dataset.discipline, band) : '';
      const rhythmEmpty = !band;
      document.getElementById('start-rhythm-empty').hidden = !rhythmEmpty;
      document.getElementById('start-rhythm-profile').classList.toggle('empty', rhythmEmpty);
      const intervalsEmpty = intervals.comparisons.count === 0 && intervals.pitchMatching.count === 0;
      document.getElementById('start-intervals-empty').hidden = !intervalsEmpty;
      document.getElementById('start-intervals-profile').classList.toggle('empty', intervalsEmpty);
      const hasData = profile.comparisons.count > 0 || profile.pitchMatching.count > 0 || singing.pitchMatching.count > 0;
      // The same threshold as the Profile's headline, never the mean difference played.
      const threshold = profile.threshold && !profile.threshold.upperIsOpen ? profile.threshold.threshold : null;
      empty.hidden = hasData;
      preview.classList.toggle('empty', !hasData);
      preview.setAttribute('aria-label', threshold === null
        ? t('start.profileLabel')
        : t('start.profileLabelWithValue', { value: formatCents(threshold) }));
    } catch (error) {
      console.warn('profile preview unavailable:', error);
    }
  }

  /** The group's section; a group this page has no section for (a new kind's) gets one at the end. */
  function group(name) {
    let section = actions.querySelector(`.discipline-group[data-group="${name}"]`);
    if (section) return section;
    section = document.createElement('section');
    section.className = 'discipline-group';
    section.dataset.group = name;
    const title = document.createElement('h2');
    if (hasString(`start.${name}`)) title.dataset.i18n = `start.${name}`;
    title.textContent = title.dataset.i18n ? t(title.dataset.i18n) : name;
    section.append(title);
    actions.append(section);
    return section;
  }

  // One button per discipline the server offers, in its order: the first is the primary action.
  const buttons = disciplines().map((entry, index) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.id = `start-${entry.id}`;
    button.className = `big ${index === 0 ? 'primary' : 'secondary'}`;
    if (index === 0) button.dataset.i18n = 'start.training';
    button.addEventListener('click', () => navigate(trainingHash(entry.id)));
    const section = group(entry.group);
    section.insertBefore(button, section.querySelector('.profile-preview'));
    return [button, entry];
  });
  function nameDisciplines() {
    for (const [button, entry] of buttons) button.textContent = button.dataset.i18n ? t(button.dataset.i18n) : disciplineName(entry);
  }
  nameDisciplines();
  document.addEventListener('languagechange', nameDisciplines);

  return {
    element,
    show() {
      buttons[0]?.[0].focus({ preventScroll: true });
      showPreview();
    },
    hide() { if (info.open) info.close(); },
  };
}
