import { api } from '../api.js';
import { formatNumber } from '../i18n/format.js';
import { showLatency } from '../input/device-latency.js';
import { addStrings, setLanguage, soundLabel, t } from '../i18n/i18n.js';
import { allDisciplines, disciplineName, disciplines } from '../catalogue.js';
import { midiSettings } from '../input/midi-settings.js';
import { addScreen } from './screen.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'common.cancel': 'Cancel',
    'settings.title': 'Settings',
    'settings.notes': 'Notes',
    'settings.readers': 'For {names}',
    'settings.lowest': 'Lowest note',
    'settings.highest': 'Highest note',
    'settings.duration': 'Note duration',
    'settings.noteGap': 'Gap between notes',
    'settings.sound': 'Sound',
    'settings.referencePitch': 'Reference pitch (A4)',
    'settings.soundSource': 'Sound source',
    'settings.soundSource.hint': 'Applies to the next note, in the browser and the terminal.',
    'settings.varyLoudness': 'Vary loudness',
    'settings.noVariation': 'No variation',
    'settings.maxVariation': 'Maximum variation',
    'settings.general': 'General',
    'settings.language': 'Language',
    'settings.language.auto': 'Same as the browser',
    'settings.language.en': 'English',
    'settings.language.de': 'Deutsch',
    'settings.data': 'Training data',
    'settings.reset': 'Reset training data',
    'settings.resetConfirmTitle': 'Reset training data?',
    'settings.resetConfirmText': 'This deletes every answer and your profile. It cannot be undone.',
    'settings.resetConfirm': 'Delete everything',
    'settings.resetDone': 'All training data was deleted.',
    'settings.notSaved': 'That change could not be saved.',
    'settings.export': 'Export (CSV)',
    'settings.importMode': 'When importing',
    'settings.importMerge': 'Add to my data',
    'settings.importReplace': 'Replace all my data',
    'settings.import': 'Import (CSV)…',
    'settings.importing': 'Importing {name}…',
    'settings.importDone': 'Imported {imported} records; {duplicates} duplicates skipped.',
    'settings.importRejected': 'Nothing was imported: line {line} of the file is not valid.',
    'settings.importFailed': 'Nothing was imported: the file could not be read.',
    'settings.importBusy': 'Nothing was imported: another import of your records is still running. Try again when it has finished.',
    'settings.importTooLarge': 'Nothing was imported: the file is larger than Peach imports at once.',
    'settings.importUnreachable': 'Nothing was imported: Peach could not be reached.',
    'unit.seconds': '{value} s',
    'unit.hertz': '{value} Hz',
    'settings.voiceRange': 'My range',
    'settings.voiceLowest': 'My lowest note',
    'settings.voiceHighest': 'My highest note',
    'settings.pitchNeedle': 'Show my pitch while singing',
    'settings.pitchNeedle.hint': 'A needle shows how far you are from the note. Without it, your ear alone judges.',
    'settings.intervals': 'Intervals',
    'settings.intervalsHint': 'Interval training picks from the intervals ticked here; at least one stays ticked.',
    'settings.intervalUp': 'Up',
    'settings.intervalDown': 'Down',
    'settings.tuningSystem': 'Tuning',
    'settings.tuningSystem.equalTemperament': 'Equal temperament',
    'settings.tuningSystem.justIntonation': 'Just intonation (pure from the played note)',
    'settings.intervalMatchingCentRange': 'Interval matching: start and slider range',
    'unit.centsRange': '±{value} ¢',
    'settings.rhythm': 'Rhythm',
    'settings.tempo': 'Tempo',
    'settings.calibration': 'Tap calibration (this device)',
    'settings.midi': 'MIDI keyboard (this device)',
    'settings.midiEnabled': 'Answer on a MIDI keyboard',
    'settings.midiInput': 'Input',
    'unit.bpm': '{value} BPM',
  },
  de: {
    'common.cancel': 'Abbrechen',
    'settings.title': 'Einstellungen',
    'settings.notes': 'Töne',
    'settings.readers': 'Für {names}',
    'settings.lowest': 'Tiefster Ton',
    'settings.highest': 'Höchster Ton',
    'settings.duration': 'Tondauer',
    'settings.noteGap': 'Pause zwischen den Tönen',
    'settings.sound': 'Klang',
    'settings.referencePitch': 'Kammerton (A4)',
    'settings.soundSource': 'Klangquelle',
    'settings.soundSource.hint': 'Gilt ab dem nächsten Ton, im Browser wie im Terminal.',
    'settings.varyLoudness': 'Lautstärke variieren',
    'settings.noVariation': 'Keine Variation',
    'settings.maxVariation': 'Maximale Variation',
    'settings.general': 'Allgemein',
    'settings.language': 'Sprache',
    'settings.language.auto': 'Wie im Browser',
    'settings.language.en': 'English',
    'settings.language.de': 'Deutsch',
    'settings.data': 'Trainingsdaten',
    'settings.reset': 'Trainingsdaten zurücksetzen',
    'settings.resetConfirmTitle': 'Trainingsdaten zurücksetzen?',
    'settings.resetConfirmText': 'Das löscht alle Antworten und dein Profil. Es kann nicht rückgängig gemacht werden.',
    'settings.resetConfirm': 'Alles löschen',
    'settings.resetDone': 'Alle Trainingsdaten wurden gelöscht.',
    'settings.notSaved': 'Diese Änderung konnte nicht gespeichert werden.',
    'settings.export': 'Exportieren (CSV)',
    'settings.importMode': 'Beim Importieren',
    'settings.importMerge': 'Hinzufügen',
    'settings.importReplace': 'Alles ersetzen',
    'settings.import': 'Importieren (CSV) …',
    'settings.importing': '{name} wird importiert …',
    'settings.importDone': '{imported} Einträge importiert; {duplicates} Duplikate übersprungen.',
    'settings.importRejected': 'Nichts wurde importiert: Zeile {line} der Datei ist ungültig.',
    'settings.importFailed': 'Nichts wurde importiert: Die Datei konnte nicht gelesen werden.',
    'settings.importBusy': 'Nichts wurde importiert: Ein anderer Import deiner Daten läuft noch. Versuche es erneut, wenn er fertig ist.',
    'settings.importTooLarge': 'Nichts wurde importiert: Die Datei ist größer, als Peach auf einmal importiert.',
    'settings.importUnreachable': 'Nichts wurde importiert: Peach ist nicht erreichbar.',
    'unit.seconds': '{value} s',
    'unit.hertz': '{value} Hz',
    'settings.voiceRange': 'Mein Stimmumfang',
    'settings.voiceLowest': 'Mein tiefster Ton',
    'settings.voiceHighest': 'Mein höchster Ton',
    'settings.pitchNeedle': 'Meine Tonhöhe beim Singen zeigen',
    'settings.pitchNeedle.hint': 'Eine Nadel zeigt, wie weit du vom Ton entfernt bist. Ohne Nadel urteilt allein dein Ohr.',
    'settings.intervals': 'Intervalle',
    'settings.intervalsHint': 'Das Intervalltraining wählt aus den hier angekreuzten Intervallen; mindestens eines bleibt angekreuzt.',
    'settings.intervalUp': 'Aufwärts',
    'settings.intervalDown': 'Abwärts',
    'settings.tuningSystem': 'Stimmung',
    'settings.tuningSystem.equalTemperament': 'Gleichstufige Stimmung',
    'settings.tuningSystem.justIntonation': 'Natürliche Stimmung (vom gespielten Ton aus)',
    'settings.intervalMatchingCentRange': 'Intervall treffen: Start- und Reglerbereich',
    'unit.centsRange': '±{value} ¢',
    'settings.rhythm': 'Rhythmus',
    'settings.tempo': 'Tempo',
    'settings.calibration': 'Tipp-Kalibrierung (dieses Gerät)',
    'settings.midi': 'MIDI-Keyboard (dieses Gerät)',
    'settings.midiEnabled': 'Mit einem MIDI-Keyboard antworten',
    'settings.midiInput': 'Eingang',
    'unit.bpm': '{value} BPM',
  },
});

/** The screen's markup: its strings by key (data-i18n), filled in by translate. */
const MARKUP = `
<section id="screen-settings" class="screen" aria-labelledby="settings-title" hidden>
  <header class="bar">
    <a href="#/" class="back" data-i18n="nav.back"></a>
    <h1 id="settings-title" data-i18n="settings.title"></h1>
  </header>
  <form id="settings-form" class="settings" novalidate>
    <fieldset>
      <legend data-i18n="settings.notes"></legend>
      <div class="field">
        <label for="setting-noteRangeLower" data-i18n="settings.lowest"></label>
        <output id="value-noteRangeLower" for="setting-noteRangeLower"></output>
        <input id="setting-noteRangeLower" name="noteRangeLower" type="range" step="1">
      </div>
      <div class="field">
        <label for="setting-noteRangeUpper" data-i18n="settings.highest"></label>
        <output id="value-noteRangeUpper" for="setting-noteRangeUpper"></output>
        <input id="setting-noteRangeUpper" name="noteRangeUpper" type="range" step="1">
      </div>
      <div class="field">
        <label for="setting-noteDurationSeconds" data-i18n="settings.duration"></label>
        <output id="value-noteDurationSeconds" for="setting-noteDurationSeconds"></output>
        <input id="setting-noteDurationSeconds" name="noteDurationSeconds" type="range" step="0.1">
      </div>
      <div class="field">
        <label for="setting-noteGapSeconds" data-i18n="settings.noteGap"></label>
        <output id="value-noteGapSeconds" for="setting-noteGapSeconds"></output>
        <input id="setting-noteGapSeconds" name="noteGapSeconds" type="range" step="0.1">
      </div>
    </fieldset>
    <fieldset>
      <legend data-i18n="settings.voiceRange"></legend>
      <div class="field">
        <label for="setting-voiceRangeLower" data-i18n="settings.voiceLowest"></label>
        <output id="value-voiceRangeLower" for="setting-voiceRangeLower"></output>
        <input id="setting-voiceRangeLower" name="voiceRangeLower" type="range" step="1">
      </div>
      <div class="field">
        <label for="setting-voiceRangeUpper" data-i18n="settings.voiceHighest"></label>
        <output id="value-voiceRangeUpper" for="setting-voiceRangeUpper"></output>
        <input id="setting-voiceRangeUpper" name="voiceRangeUpper" type="range" step="1">
      </div>
      <div class="field field-check">
        <label for="setting-pitchNeedle" data-i18n="settings.pitchNeedle"></label>
        <input id="setting-pitchNeedle" name="pitchNeedle" type="checkbox" aria-describedby="hint-pitchNeedle">
        <p id="hint-pitchNeedle" class="hint" data-i18n="settings.pitchNeedle.hint"></p>
      </div>
    </fieldset>
    <fieldset>
      <legend data-i18n="settings.sound"></legend>
      <div class="field">
        <label for="setting-referencePitchHz" data-i18n="settings.referencePitch"></label>
        <output id="value-referencePitchHz" for="setting-referencePitchHz"></output>
        <input id="setting-referencePitchHz" name="referencePitchHz" type="range" step="1">
      </div>
      <div class="field">
        <label for="setting-soundSource" data-i18n="settings.soundSource"></label>
        <select id="setting-soundSource" name="soundSource" aria-describedby="hint-soundSource soundSource-fades"></select>
        <p id="hint-soundSource" class="hint" data-i18n="settings.soundSource.hint"></p>
        <p id="soundSource-fades" class="hint" hidden></p>
      </div>
      <div class="field">
        <label for="setting-varyLoudness" data-i18n="settings.varyLoudness"></label>
        <input id="setting-varyLoudness" name="varyLoudness" type="range" step="0.05">
        <div class="range-ends" aria-hidden="true"><span data-i18n="settings.noVariation"></span><span data-i18n="settings.maxVariation"></span></div>
      </div>
    </fieldset>
    <fieldset id="settings-intervals">
      <legend data-i18n="settings.intervals"></legend>
      <p class="note" data-i18n="settings.intervalsHint"></p>
      <table class="interval-grid">
        <thead><tr><th scope="col" data-i18n="settings.interval"></th><th scope="col" data-i18n="settings.intervalUp"></th><th scope="col" data-i18n="settings.intervalDown"></th></tr></thead>
        <tbody id="interval-grid-body"></tbody>
      </table>
      <div class="field">
        <label for="setting-tuningSystem" data-i18n="settings.tuningSystem"></label>
        <select id="setting-tuningSystem" name="tuningSystem"></select>
      </div>
      <div class="field">
        <label for="setting-intervalMatchingCentRange" data-i18n="settings.intervalMatchingCentRange"></label>
        <output id="value-intervalMatchingCentRange" for="setting-intervalMatchingCentRange"></output>
        <input id="setting-intervalMatchingCentRange" name="intervalMatchingCentRange" type="range" step="1">
      </div>
    </fieldset>
    <!-- Each kind's own settings, drawn from the groups the server declares (settings.js). -->
    <div id="kind-settings"></div>
    <fieldset>
      <legend data-i18n="settings.rhythm"></legend>
      <div class="field">
        <label for="setting-tempoBPM" data-i18n="settings.tempo"></label>
        <output id="value-tempoBPM" for="setting-tempoBPM"></output>
        <input id="setting-tempoBPM" name="tempoBPM" type="range" step="1">
      </div>
      <div class="field">
        <span data-i18n="settings.calibration"></span>
        <output id="settings-calibration"></output>
        <a href="#/calibration" id="settings-calibrate" class="button-link" data-i18n="rhythm.calibrate"></a>
      </div>
    </fieldset>
    <!-- Per device (localStorage), drawn by midi-settings.js: not sent with the settings. -->
    <fieldset id="midi-settings">
      <legend data-i18n="settings.midi"></legend>
      <div class="field field-check">
        <label for="midi-enabled" data-i18n="settings.midiEnabled"></label>
        <input id="midi-enabled" type="checkbox" aria-describedby="midi-status">
        <p id="midi-status" class="hint" role="status"></p>
      </div>
      <div class="field">
        <label for="midi-input" data-i18n="settings.midiInput"></label>
        <select id="midi-input"></select>
      </div>
    </fieldset>
    <fieldset>
      <legend data-i18n="settings.general"></legend>
      <div class="field">
        <label for="setting-language" data-i18n="settings.language"></label>
        <select id="setting-language" name="language"></select>
      </div>
      <div class="field">
        <a id="settings-phone" class="button-link" href="#/phone" data-i18n="phone.open"></a>
      </div>
    </fieldset>
    <fieldset>
      <legend data-i18n="settings.data"></legend>
      <div class="field">
        <a id="export-training-data" class="button-link" download data-i18n="settings.export"></a>
      </div>
      <div class="field">
        <label for="import-mode" data-i18n="settings.importMode"></label>
        <select id="import-mode">
          <option value="merge" data-i18n="settings.importMerge"></option>
          <option value="replace" data-i18n="settings.importReplace"></option>
        </select>
        <button id="import-training-data" class="button-link" type="button" data-i18n="settings.import"></button>
        <input id="import-file" type="file" accept=".csv,text/csv" hidden>
      </div>
      <button id="reset-training-data" class="danger" type="button" data-i18n="settings.reset"></button>
      <p id="reset-status" class="status" role="status"></p>
    </fieldset>
  </form>
  <dialog id="reset-dialog" aria-labelledby="reset-dialog-title">
    <h2 id="reset-dialog-title" data-i18n="settings.resetConfirmTitle"></h2>
    <p data-i18n="settings.resetConfirmText"></p>
    <div class="dialog-actions">
      <button id="reset-cancel" type="button" data-i18n="common.cancel"></button>
      <button id="reset-confirm" class="danger" type="button" data-i18n="settings.resetConfirm"></button>
    </div>
  </dialog>
</section>`;

/** What the server's refusals of a whole file mean to the user (a bad line has its own message). */
const IMPORT_REFUSALS = { 409: 'settings.importBusy', 413: 'settings.importTooLarge' };

// Every control is bounded by the ranges the server sends, so nothing here can produce an invalid
// value and there is no save button: each change is sent at once and applies to the next trial.
export function settingsScreen({ navigate }) {
  const element = addScreen(MARKUP);
  const form = document.getElementById('settings-form');
  const control = (name) => document.getElementById(`setting-${name}`);
  const output = (name) => document.getElementById(`value-${name}`);
  const resetDialog = document.getElementById('reset-dialog');
  const resetStatus = document.getElementById('reset-status');

  let state = null; // the server's last answer: { settings, choices, ranges }
  const midi = midiSettings();

  const display = {
    noteRangeLower: (value) => state.choices.noteNames[value],
    noteRangeUpper: (value) => state.choices.noteNames[value],
    voiceRangeLower: (value) => state.choices.noteNames[value],
    voiceRangeUpper: (value) => state.choices.noteNames[value],
    noteDurationSeconds: (value) => t('unit.seconds', { value: formatNumber(value, 1) }),
    noteGapSeconds: (value) => t('unit.seconds', { value: formatNumber(value, 1) }),
    referencePitchHz: (value) => t('unit.hertz', { value: formatNumber(value) }),
    intervalMatchingCentRange: (value) => t('unit.centsRange', { value: formatNumber(value) }),
    tempoBPM: (value) => t('unit.bpm', { value: formatNumber(value) }),
  };
  const intervalGrid = document.getElementById('interval-grid-body');

  /**
   * The two ends of a note range: each stops at the other (the note range keeps the server's
   * minimum span; My range may be a single note), so the thumbs never cross.
   */
  const RANGE_ENDS = {
    noteRangeLower: { other: 'noteRangeUpper', side: -1, span: () => state.ranges.minimumNoteSpan },
    noteRangeUpper: { other: 'noteRangeLower', side: 1, span: () => state.ranges.minimumNoteSpan },
    voiceRangeLower: { other: 'voiceRangeUpper', side: -1, span: () => 0 },
    voiceRangeUpper: { other: 'voiceRangeLower', side: 1, span: () => 0 },
  };

  function keepApart(name) {
    const end = RANGE_ENDS[name];
    if (!end) return;
    const input = control(name);
    const limit = Number(control(end.other).value) + end.side * end.span();
    const value = Number(input.value);
    if (end.side < 0 ? value > limit : value < limit) input.value = String(limit);
  }

  function bound(name, [min, max]) {
    Object.assign(control(name), { min: String(min), max: String(max) });
  }

  function render() {
    const { settings, choices, ranges } = state;
    // Both ends of a range on one scale, so that where a thumb stands means the same on both.
    for (const name of Object.keys(RANGE_ENDS)) bound(name, ranges.noteRange);
    bound('noteDurationSeconds', ranges.noteDurationSeconds);
    bound('noteGapSeconds', ranges.noteGapSeconds);
    bound('referencePitchHz', ranges.referencePitchHz);
    bound('varyLoudness', ranges.varyLoudness);
    bound('intervalMatchingCentRange', ranges.intervalMatchingCentRange);
    bound('tempoBPM', ranges.tempoBPM);
    showLatency(document.getElementById('settings-calibration'));
    const sounds = Object.fromEntries(choices.sounds.map((sound) => [sound.id, sound]));
    // Short names: what a decaying instrument means for matching is the field's help text.
    // "default" (none chosen) is no sound of the server's: named by its own string.
    fillSelect('soundSource', choices.soundSources, (id) => soundLabel(id, sounds[id]?.name));
    fillSelect('tuningSystem', choices.tuningSystems, (tuning) => t(`settings.tuningSystem.${tuning}`));
    renderIntervals();
    renderGroups();
    fillSelect('language', choices.languages, (language) => t(`settings.language.${language}`));
    for (const [name, value] of Object.entries(settings)) {
      const input = control(name);
      // Lists (the intervals, a kind's checkboxes) are drawn checked by their own renderers.
      if (!input || Array.isArray(value)) continue;
      if (input.type === 'checkbox') input.checked = value;
      else input.value = String(value);
      showValue(name);
    }
    // A sound that fades cannot be held: say so for the one chosen.
    const fades = document.getElementById('soundSource-fades');
    const chosen = sounds[settings.soundSource];
    fades.hidden = !chosen || chosen.sustains;
    fades.textContent = fades.hidden ? '' : t('training.soundInstead', { name: soundLabel(chosen.id, chosen.name) });
    showReaders();
  }

  const intervalKey = ({ name, direction }) => `${name}-${direction ?? 'up'}`;

  /** One row per interval, a checkbox for up and for down (the server's list decides which exist). */
  function renderIntervals() {
    const chosen = new Set(state.settings.intervals.map(intervalKey));
    const rows = new Map();
    for (const interval of state.choices.intervals) {
      if (!rows.has(interval.name)) {
        const row = document.createElement('tr');
        const header = document.createElement('th');
        header.scope = 'row';
        header.textContent = t(`interval.${interval.name}`);
        row.append(header, document.createElement('td'), document.createElement('td'));
        rows.set(interval.name, row);
      }
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.id = `interval-${intervalKey(interval)}`;
      box.dataset.interval = intervalKey(interval);
      box.checked = chosen.has(intervalKey(interval));
      // The last chosen interval stays chosen: the server needs at least one.
      box.disabled = box.checked && chosen.size === 1;
      box.setAttribute('aria-label', t('interval.named', { name: t(`interval.${interval.name}`), direction: t(`interval.${interval.direction}`) }));
      box.addEventListener('change', saveIntervals);
      rows.get(interval.name).children[interval.direction === 'up' ? 1 : 2].append(box);
    }
    intervalGrid.replaceChildren(...rows.values());
  }

  async function saveIntervals() {
    const intervals = state.choices.intervals.filter((interval) =>
      document.getElementById(`interval-${intervalKey(interval)}`).checked);
    try {
      state = await api.updateSettings({ intervals });
    } catch (error) {
      console.warn('intervals not saved:', error);
      resetStatus.textContent = t('settings.notSaved');
    }
    render();
  }


  /**
   * Each kind's own settings, as the server declares them (`groups`): a fieldset per kind, a control
   * per field. Redrawn whenever the settings change (a degree's label follows the labels chosen);
   * the control that had the focus gets it back.
   */
  function renderGroups() {
    const focused = document.activeElement?.id;
    const fieldsets = state.groups.map((group) => {
      const fieldset = document.createElement('fieldset');
      fieldset.id = `settings-${group.id}`;
      const legend = document.createElement('legend');
      legend.textContent = t(group.legend);
      fieldset.append(legend, ...group.fields.map(renderField));
      return fieldset;
    });
    document.getElementById('kind-settings').replaceChildren(...fieldsets);
    if (focused) document.getElementById(focused)?.focus();
  }

  const choiceLabel = (choice) => choice.label ? t(choice.label) : choice.text;

  function renderField(field) {
    const row = document.createElement('div');
    row.className = field.control === 'toggle' ? 'field field-check' : 'field';
    if (field.control === 'checkboxes') {
      const label = document.createElement('span');
      label.id = `${field.name}-label`;
      label.textContent = t(field.label);
      const boxes = document.createElement('div');
      boxes.id = `${field.name}-choices`;
      boxes.className = 'setting-choices';
      boxes.setAttribute('role', 'group');
      boxes.setAttribute('aria-labelledby', label.id);
      renderChoices(boxes, field.name, field.tooFew, field.choices.map((choice) => ({
        value: choice.value, id: `setting-${field.name}-${choice.value}`, label: choiceLabel(choice),
      })));
      row.append(label, boxes);
      return row;
    }
    const label = document.createElement('label');
    label.htmlFor = `setting-${field.name}`;
    label.textContent = t(field.label);
    const input = document.createElement(field.control === 'select' ? 'select' : 'input');
    input.id = `setting-${field.name}`;
    input.name = field.name;
    if (field.control === 'toggle') input.type = 'checkbox';
    else input.append(...field.choices.map((choice) => new Option(choiceLabel(choice), String(choice.value))));
    row.append(label, input);
    return row;
  }

  /**
   * Checkboxes that save the checked ones as one setting, a list (`name`). The server refuses too
   * few to tell apart: the page says so (`tooFew`) and shows what is kept.
   */
  function renderChoices(container, name, tooFew, items) {
    const chosen = new Set(state.settings[name]);
    const save = async () => {
      const values = items.filter((item) => document.getElementById(item.id).checked).map((item) => item.value);
      try {
        state = await api.updateSettings({ [name]: values });
      } catch (error) {
        console.warn(`${name} not saved:`, error);
        resetStatus.textContent = t(error.status === 400 ? tooFew : 'settings.notSaved');
      }
      render();
    };
    container.replaceChildren(...items.map((item) => {
      const label = document.createElement('label');
      label.className = 'setting-choice';
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.name = name;
      box.id = item.id;
      box.dataset.value = String(item.value);
      box.checked = chosen.has(item.value);
      box.addEventListener('change', save);
      label.append(box, item.label);
      return label;
    }));
  }

  function fillSelect(name, values, label) {
    const select = control(name);
    select.replaceChildren(...values.map((value) => new Option(label(value), value)));
  }

  function showValue(name) {
    const input = control(name);
    const text = display[name]?.(Number(input.value));
    if (text === undefined) return;
    output(name).textContent = text;
    input.setAttribute('aria-valuetext', text);
  }

  async function save(name) {
    const input = control(name);
    const value = { range: Number(input.value), checkbox: input.checked }[input.type] ?? input.value;
    try {
      state = await api.updateSettings({ [name]: value });
      if (name === 'language') setLanguage(value);
      render();
    } catch (error) {
      console.warn('setting not saved:', error);
      resetStatus.textContent = t('settings.notSaved');
    }
  }

  form.addEventListener('input', (event) => {
    if (!event.target.name) return;
    keepApart(event.target.name);
    showValue(event.target.name);
  });
  form.addEventListener('change', (event) => event.target.name && !event.target.dataset.interval
    && event.target.dataset.value === undefined && save(event.target.name));
  form.addEventListener('submit', (event) => event.preventDefault());
  // Labels and the readers' line follow the page's language: redrawn with everything else.
  document.addEventListener('languagechange', () => {
    if (!state) return;
    render();
  });

  const exportLink = document.getElementById('export-training-data');
  exportLink.href = api.exportURL;
  const importFile = document.getElementById('import-file');
  document.getElementById('import-training-data').addEventListener('click', () => importFile.click());
  importFile.addEventListener('change', async () => {
    const [file] = importFile.files;
    if (!file) return;
    resetStatus.textContent = t('settings.importing', { name: file.name });
    try {
      const result = await api.importRecords(file, document.getElementById('import-mode').value);
      resetStatus.textContent = t('settings.importDone', { imported: result.imported, duplicates: result.duplicatesSkipped });
    } catch (error) {
      console.warn('import rejected:', error);
      resetStatus.textContent = error.detail?.line
        ? t('settings.importRejected', { line: error.detail.line })
        : t(IMPORT_REFUSALS[error.status] ?? (error.status === undefined ? 'settings.importUnreachable' : 'settings.importFailed'));
    } finally {
      importFile.value = '';
    }
  });

  document.getElementById('reset-training-data').addEventListener('click', () => {
    resetStatus.textContent = '';
    resetDialog.showModal();
  });
  document.getElementById('reset-cancel').addEventListener('click', () => resetDialog.close());
  document.getElementById('reset-confirm').addEventListener('click', async () => {
    resetDialog.close();
    try {
      await api.resetTrainingData();
      resetStatus.textContent = t('settings.resetDone');
    } catch (error) {
      console.warn('reset failed:', error);
      resetStatus.textContent = t('settings.notSaved');
    }
  });

  /** Under each group of settings, the disciplines that read it (as the catalogue declares), where
   * they are a few: a group most disciplines read needs no list. A group of discipline settings
   * that no discipline offered here reads is hidden. */
  function showReaders() {
    const declared = new Set(allDisciplines().flatMap((entry) => entry.settings));
    for (const fieldset of form.querySelectorAll('fieldset')) {
      const names = [...fieldset.querySelectorAll('[name]')].map((input) => input.name);
      if (!names.some((name) => declared.has(name))) continue;
      const readers = disciplines().filter((entry) => entry.settings.some((name) => names.includes(name)));
      fieldset.hidden = readers.length === 0;
      fieldset.querySelector('.settings-readers')?.remove();
      if (readers.length === 0 || readers.length > 3) continue;
      const line = document.createElement('p');
      line.className = 'settings-readers';
      line.textContent = t('settings.readers', { names: readers.map(disciplineName).join(', ') });
      fieldset.querySelector('legend').after(line);
    }
  }

  return {
    element,
    async show() {
      resetStatus.textContent = '';
      midi.render();
      try {
        state = await api.settings();
        render();
      } catch (error) {
        console.warn('settings unavailable:', error);
        navigate('#/');
      }
    },
    hide() {
      if (resetDialog.open) resetDialog.close();
    },
  };
}
