import { api } from '../api.js';
import { t } from '../i18n.js';
import { formatCents } from '../format.js';

export function startScreen({ navigate }) {
  const element = document.getElementById('screen-start');
  const info = document.getElementById('info-dialog');
  const preview = document.getElementById('start-profile');
  const sparkline = document.getElementById('start-sparkline');
  const empty = document.getElementById('start-profile-empty');
  document.getElementById('start-training').addEventListener('click', () => navigate('#/training'));
  document.getElementById('start-pitch-matching').addEventListener('click', () => navigate('#/pitch-matching'));
  preview.addEventListener('click', () => navigate('#/profile'));
  document.getElementById('open-info').addEventListener('click', async () => {
    info.showModal();
    const health = await api.health().catch(() => null);
    document.getElementById('info-version').textContent = health?.version ?? '';
  });
  document.getElementById('info-close').addEventListener('click', () => info.close());

  // The preview is a glance, never a blocker: if it cannot load, Start still works.
  async function showPreview() {
    try {
      const [svg, profile] = await Promise.all([api.sparklineSvg(), api.profile()]);
      sparkline.innerHTML = svg;
      const hasData = profile.comparisons.count > 0;
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
