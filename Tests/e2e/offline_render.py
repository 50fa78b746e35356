"""The page's own audio code (audio.js's scheduleNote) rendered in an OfflineAudioContext: the notes a
trial plays, as the screen schedules them, back as samples to measure."""
import base64

import numpy as np

SCRIPT = """
const [notes, synthesis, seconds, sampleRate, done] = arguments;
import('/js/audio/audio.js').then(async (audio) => {
  const context = new OfflineAudioContext(1, Math.ceil(seconds * sampleRate), sampleRate);
  for (const note of notes) audio.scheduleNote(context, { ...note, synthesis });
  const buffer = await context.startRendering();
  const bytes = new Uint8Array(buffer.getChannelData(0).buffer);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  done({ samples: btoa(binary) });
}).catch((error) => done({ error: String(error) }));
"""


def render(browser, notes, synthesis, seconds, rate):
    """`notes`: {frequencyHz, start, duration, levelDB} each, as the screen passes them to scheduleNote."""
    result = browser.execute_async_script(SCRIPT, notes, synthesis, seconds, rate)
    assert "error" not in result, result.get("error")
    return np.frombuffer(base64.b64decode(result["samples"]), dtype=np.float32).astype(np.float64)
