// Settings' MIDI row: on or off and which input, for this device (midi.js keeps both).
import { addStrings, t } from '../i18n/i18n.js';
import {
  ALL_INPUTS, chooseInput, chosenInput, isEnabled, isSupported, midiInputs, midiStatus, onMidiChange, setEnabled,
} from './midi.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'settings.midiAllInputs': 'All inputs',
    'settings.midiAbsent': 'The chosen keyboard (not connected)',
    'settings.midiOff': 'Off. Turning it on asks the browser for permission. A key above the second note answers Higher, below it Lower; the pitch-bend wheel tunes and commits back at rest; a key taps in Fill the Gap, names a scale degree and plays a melody back.',
    'settings.midiAsking': 'Waiting for the browser\'s permission…',
    'settings.midiRefused': 'The browser refused MIDI. Allow it in this site\'s settings, then turn it on again.',
    'settings.midiUnsupported': 'This browser has no Web MIDI. Use Chrome or Edge (Firefox with its site-permission add-on); Safari and iOS have none.',
    'settings.midiNoInputs': 'On. No MIDI keyboard found yet: one plugged in now appears here.',
    'settings.midiInputs': 'On. Inputs found: {count}.',
  },
  de: {
    'settings.midiAllInputs': 'Alle Eingänge',
    'settings.midiAbsent': 'Das gewählte Keyboard (nicht verbunden)',
    'settings.midiOff': 'Aus. Beim Einschalten fragt der Browser um Erlaubnis. Eine Taste über dem zweiten Ton antwortet „Höher“, darunter „Tiefer“; das Pitch-Bend-Rad stimmt und bestätigt in Ruhestellung; eine Taste tippt bei „Lücke füllen“, benennt eine Tonstufe und spielt eine Melodie nach.',
    'settings.midiAsking': 'Warte auf die Erlaubnis des Browsers …',
    'settings.midiRefused': 'Der Browser hat MIDI abgelehnt. Erlaube es in den Einstellungen dieser Seite und schalte es erneut ein.',
    'settings.midiUnsupported': 'Dieser Browser kann kein Web MIDI. Nutze Chrome oder Edge (Firefox mit seinem Add-on für Website-Berechtigungen); Safari und iOS können es nicht.',
    'settings.midiNoInputs': 'Ein. Noch kein MIDI-Keyboard gefunden: Ein jetzt angeschlossenes erscheint hier.',
    'settings.midiInputs': 'Ein. Gefundene Eingänge: {count}.',
  },
});

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
