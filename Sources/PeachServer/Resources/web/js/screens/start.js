import { api } from '../api.js';

export function startScreen({ navigate }) {
  const element = document.getElementById('screen-start');
  const info = document.getElementById('info-dialog');
  document.getElementById('start-training').addEventListener('click', () => navigate('#/training'));
  document.getElementById('open-info').addEventListener('click', async () => {
    info.showModal();
    const health = await api.health().catch(() => null);
    document.getElementById('info-version').textContent = health?.version ?? '';
  });
  document.getElementById('info-close').addEventListener('click', () => info.close());
  return {
    element,
    show() { document.getElementById('start-training').focus({ preventScroll: true }); },
    hide() { if (info.open) info.close(); },
  };
}
