// A MIDI keyboard as the answer (Web MIDI: Chromium and Edge; Firefox with its site-permission
// add-on; not Safari). Off until the user turns it on in Settings, because turning it on makes the
// browser ask for permission. Whether it is on and which input is read are kept in localStorage,
// per device like the rhythm calibration: a keyboard is plugged into this machine, not into the
// account, and another device of the same user has other inputs (or no Web MIDI at all).
//
// What a key, the wheel or a tap answers is the server's rule, served with each trial
// (`session.midi`); this module only delivers the keyboard's messages. Web MIDI hands over whole
// messages (the browser has already resolved running status and withholds SysEx unless asked), so
// reading one is a look at its status byte; the byte-stream parser is the terminal's
// (PeachCore/MIDI/MIDIParser).

const ENABLED_KEY = 'peach.midi.enabled';
const INPUT_KEY = 'peach.midi.input';
/** The chosen input's value when every input is read. */
export const ALL_INPUTS = '';

let access = null;
/** 'off', 'unsupported', 'asking', 'refused' or 'on'. */
let status = 'off';
const noteListeners = new Set();
const messageListeners = new Set();
const changeListeners = new Set();
const attached = new Map(); // input id → its message handler

export function isSupported() {
  return typeof navigator.requestMIDIAccess === 'function';
}

export function midiStatus() {
  return isSupported() ? status : 'unsupported';
}

export function isEnabled() {
  return localStorage.getItem(ENABLED_KEY) === 'true';
}

export function chosenInput() {
  return localStorage.getItem(INPUT_KEY) ?? ALL_INPUTS;
}

/** The inputs the browser sees now: `{ id, name }`, in its order. */
export function midiInputs() {
  // Chromium keeps an unplugged port in the map, marked disconnected, until the page reloads.
  return access ? [...access.inputs.values()].filter((input) => input.state !== 'disconnected')
    .map((input) => ({ id: input.id, name: input.name || input.id })) : [];
}

/**
 * Calls `listener({ note, velocity, timeStamp, device })` for every note-on of the chosen input(s);
 * `timeStamp` is on performance.now()'s clock, as an event's; `device` names the input it came
 * from (each keyboard has a tap calibration of its own). Returns the function that stops it.
 * Melodic dictation and every training screen listen here.
 */
export function onMidiNote(listener) {
  noteListeners.add(listener);
  return () => noteListeners.delete(listener);
}

/**
 * Every message a training screen can use: `{ type: 'noteOn', note, velocity, timeStamp }`,
 * `{ type: 'noteOff', note, timeStamp }` or `{ type: 'pitchBend', value, timeStamp }` (0…16383).
 */
export function onMidiMessage(listener) {
  messageListeners.add(listener);
  return () => messageListeners.delete(listener);
}

/** Calls `listener()` when the status or the list of inputs changes (a keyboard plugged in). */
export function onMidiChange(listener) {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

function changed() {
  for (const listener of changeListeners) listener();
}

function read(data, timeStamp, device) {
  const kind = data[0] & 0xf0;
  let message = null;
  if (kind === 0x90 && data[2] > 0) message = { type: 'noteOn', note: data[1], velocity: data[2], timeStamp };
  else if (kind === 0x80 || kind === 0x90) message = { type: 'noteOff', note: data[1], timeStamp };
  else if (kind === 0xe0) message = { type: 'pitchBend', value: data[1] | (data[2] << 7), timeStamp };
  if (!message) return;
  for (const listener of messageListeners) listener(message);
  if (message.type === 'noteOn') {
    for (const listener of noteListeners) listener({ note: message.note, velocity: message.velocity, timeStamp, device });
  }
}

/** Reads exactly the chosen input (or all), including inputs plugged in since the last call. */
function attach() {
  if (!access) return;
  const chosen = chosenInput();
  for (const input of access.inputs.values()) {
    const wanted = status === 'on' && (chosen === ALL_INPUTS || input.id === chosen);
    if (wanted && !attached.has(input.id)) {
      const handler = (event) => read(event.data, event.timeStamp, input.name || input.id);
      input.addEventListener('midimessage', handler);
      attached.set(input.id, { input, handler });
    } else if (!wanted && attached.has(input.id)) {
      input.removeEventListener('midimessage', attached.get(input.id).handler);
      attached.delete(input.id);
    }
  }
  for (const [id, { input, handler }] of attached) {
    if (!access.inputs.has(id)) {
      input.removeEventListener('midimessage', handler);
      attached.delete(id);
    }
  }
}

async function connect() {
  status = 'asking';
  changed();
  try {
    access ??= await navigator.requestMIDIAccess();
    access.onstatechange = () => {
      attach();
      changed();
    };
    status = 'on';
  } catch (error) {
    console.warn('MIDI refused:', error);
    status = 'refused';
  }
  attach();
  changed();
}

/** Turns MIDI on (the browser asks for permission the first time) or off, for this device. */
export async function setEnabled(enabled) {
  localStorage.setItem(ENABLED_KEY, String(enabled));
  if (!isSupported()) return;
  if (enabled) return connect();
  status = 'off';
  attach();
  changed();
}

export function chooseInput(id) {
  localStorage.setItem(INPUT_KEY, id);
  attach();
  changed();
}

/** On page load: reads the keyboard again where the user turned MIDI on before. */
export function restoreMidi() {
  if (isSupported() && isEnabled()) connect();
}
