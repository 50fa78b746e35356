import { api } from '../api.js';
import { t } from '../i18n.js';
import { formatCents } from '../format.js';

export function startScreen({ navigate }) {
  const element = document.getElementById('screen-start');
  const info = document.getElementById('info-dialog');
  const preview = document.getElementById('start-profile');
  const empty = document.getElementById('start-profile-empty');
  document.getElementById('start-training').addEventListener('click', () => navigate('#/training'));
  document.getElementById('start-pitch-matching').addEventListener('click', () => navigate('#/pitch-matching'));
  document.getElementById('start-singing').addEventListener('click', () => navigate('#/singing'));
  document.getElementById('start-interval-training').addEventListener('click', () => navigate('#/interval-training'));
  document.getElementById('start-interval-matching').addEventListener('click', () => navigate('#/interval-matching'));
  document.getElementById('start-compare-timing').addEventListener('click', () => navigate('#/compare-timing'));
  document.getElementById('start-fill-the-gap').addEventListener('click', () => navigate('#/fill-the-gap'));
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

  return {
    element,
    show() {
      document.getElementById('start-training').focus({ preventScroll: true });
      showPreview();
    },
    hide() { if (info.open) info.close(); },
  };
}
