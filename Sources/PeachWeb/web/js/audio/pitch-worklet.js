// The AudioWorklet that follows the microphone: it keeps the newest frame of input and runs the
// detector on it every HOP samples, posting {time, frequency} (frequency null when nothing pitched
// was heard) to the page. The sound itself never leaves this processor. Frames that begin before
// `listenFrom` (the page sets it: the reference's end plus its echo) are not even analysed: the
// speaker is not the singer, and the render thread stays free while the reference plays.
import { PitchDetector } from './pitch-detector.js';

/** About 21 ms at 48 kHz: 47 estimates a second. */
const HOP = 1024;

class PitchTracker extends AudioWorkletProcessor {
  constructor() {
    super();
    this.detector = new PitchDetector(sampleRate);
    this.buffer = new Float32Array(this.detector.frameLength);
    this.frame = new Float32Array(this.detector.frameLength);
    this.filled = 0;
    this.sinceLast = 0;
    this.write = 0;
    this.listenFrom = Infinity;
    this.port.onmessage = ({ data }) => { this.listenFrom = data.listenFrom; };
  }

  process(inputs) {
    const channel = inputs[0]?.[0];
    if (!channel) return true;
    const { buffer } = this;
    for (let i = 0; i < channel.length; i++) {
      buffer[this.write] = channel[i];
      this.write = (this.write + 1) % buffer.length;
    }
    this.filled = Math.min(buffer.length, this.filled + channel.length);
    this.sinceLast += channel.length;
    // The frame ends with this quantum.
    const start = currentTime + channel.length / sampleRate - buffer.length / sampleRate;
    if (this.filled === buffer.length && this.sinceLast >= HOP && start >= this.listenFrom) {
      this.sinceLast = 0;
      const tail = buffer.length - this.write;
      this.frame.set(buffer.subarray(this.write), 0);
      this.frame.set(buffer.subarray(0, this.write), tail);
      const estimate = this.detector.detect(this.frame);
      this.port.postMessage({ time: currentTime, frequency: estimate ? estimate.frequency : null });
    }
    return true;
  }
}

registerProcessor('pitch-tracker', PitchTracker);
