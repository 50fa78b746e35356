// Settings' MIDI row: on or off and which input, for this device (midi.js keeps both).
import { t } from '../i18n/i18n.js';
import {
  ALL_INPUTS, chooseInput, chosenInput, isEnabled, isSupported, midiInputs, midiStatus, onMidiChange, setEnabled,
} from './midi.js';

export function midiSettings() {
  const enabled = document.getElementById('midi-enabled');
  const status = document.getElementById('midi-status');
  const input = document.getElementById('midi-input');

  function statusText() {
    const now = midiStatus();
    if (now === 'unsupported') return t('settings.midiUnsupported');
    if (now === 'asking') return t('settings.midiAsking');
    if (now === 'refused') return t('settings.midiRefused');
    if (now === 'off') return t('settings.midiOff');
    const count = midiInputs().length;
    return count === 0 ? t('settings.midiNoInputs') : t('settings.midiInputs', { count });
  }

  function render() {
    const now = midiStatus();
    enabled.disabled = !isSupported();
    enabled.checked = isSupported() && isEnabled() && now !== 'refused';
    status.textContent = statusText();
    status.classList.toggle('warning', now === 'refused' || now === 'unsupported');
    const inputs = midiInputs();
    const chosen = chosenInput();
    const options = [{ id: ALL_INPUTS, name: t('settings.midiAllInputs') }, ...inputs];
    // A chosen keyboard unplugged stays chosen, so it is read again when it comes back.
    if (chosen !== ALL_INPUTS && !inputs.some((each) => each.id === chosen)) options.push({ id: chosen, name: t('settings.midiAbsent') });
    input.replaceChildren(...options.map(({ id, name }) => new Option(name, id, false, id === chosen)));
    input.disabled = now !== 'on';
  }

  enabled.addEventListener('change', () => setEnabled(enabled.checked));
  input.addEventListener('change', () => chooseInput(input.value));
  onMidiChange(render);
  document.addEventListener('languagechange', render);
  return { render };
}
