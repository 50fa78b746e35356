// WAV files from the server, read into an AudioBuffer at their own sample rate: decodeAudioData
// would resample to the context's rate, and its filter rings before a click's onset.

const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;

/** A mono WAV (16-bit PCM or 32-bit float) as an AudioBuffer; usable by any context. */
export function decodeWav(bytes) {
  const view = new DataView(bytes);
  let format = null;
  // Chunks are padded to an even length.
  for (let offset = 12, size = 0; offset + 8 <= bytes.byteLength; offset += 8 + size + (size & 1)) {
    const id = String.fromCharCode(...new Uint8Array(bytes, offset, 4));
    size = view.getUint32(offset + 4, true);
    if (id === 'fmt ') {
      format = { code: view.getUint16(offset + 8, true), sampleRate: view.getUint32(offset + 12, true), bits: view.getUint16(offset + 22, true) };
    } else if (id === 'data' && format) {
      const data = format.code === FORMAT_FLOAT && format.bits === 32
        ? new Float32Array(bytes.slice(offset + 8, offset + 8 + size))
        : format.code === FORMAT_PCM && format.bits === 16
          ? Float32Array.from(new Int16Array(bytes.slice(offset + 8, offset + 8 + size - (size & 1))), (sample) => sample / 32768)
          : null;
      if (!data) throw new Error(`unsupported WAV format ${format.code}, ${format.bits} bits`);
      const buffer = new AudioBuffer({ length: data.length, numberOfChannels: 1, sampleRate: format.sampleRate });
      buffer.copyToChannel(data, 0);
      return buffer;
    }
  }
  throw new Error('the WAV has no data');
}
