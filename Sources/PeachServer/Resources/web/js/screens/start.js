export function startScreen({ navigate }) {
  const element = document.getElementById('screen-start');
  document.getElementById('start-training').addEventListener('click', () => navigate('#/training'));
  document.getElementById('start-pitch-matching').addEventListener('click', () => navigate('#/pitch-matching'));
  return {
    element,
    show() { document.getElementById('start-training').focus({ preventScroll: true }); },
    hide() {},
  };
}
