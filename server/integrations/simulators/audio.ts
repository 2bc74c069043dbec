/**
 * Short recordings the simulated contact center "records" (issue 26): real WAV files (PCM,
 * 8 kHz, 16-bit, mono, as telephone audio is) that every browser plays. Each is a few seconds of
 * a two-voice exchange of tones with a little line noise, made from a seed, so the same
 * recording is the same bytes every time it is asked for.
 */
import { prng } from '../../random.ts';

export const wavContentType = 'audio/wav';
const sampleRate = 8000;

/** A WAV file of `seconds` (1–30) seconds, the same bytes for the same seed. */
export function wavRecording(seed: number, seconds: number): Uint8Array {
  const length = Math.round(Math.min(30, Math.max(1, seconds)) * sampleRate);
  const random = prng(seed);
  const data = new Int16Array(length);
  // Turns of "speech": each a tone pair with a syllable-like envelope, alternating two voices.
  let t = 0;
  let voice = 0;
  while (t < length) {
    const turn = Math.round(sampleRate * (0.6 + random.next() * 1.2));
    const base = voice === 0 ? 180 + random.int(60) : 260 + random.int(90);
    const syllable = 0.12 + random.next() * 0.1;
    for (let i = 0; i < turn && t + i < length; i++) {
      const s = i / sampleRate;
      const envelope = Math.max(0, Math.sin((Math.PI * (s % syllable)) / syllable)) * Math.min(1, (turn - i) / 400, i / 400);
      const tone = Math.sin(2 * Math.PI * base * s) * 0.6 + Math.sin(2 * Math.PI * base * 2.5 * s) * 0.25;
      data[t + i] = Math.round((tone * envelope * 0.5 + (random.next() - 0.5) * 0.02) * 32767);
    }
    // A short pause between turns.
    t += turn + Math.round(sampleRate * (0.15 + random.next() * 0.3));
    voice = 1 - voice;
  }
  const bytes = new Uint8Array(44 + length * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => [...text].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // PCM header size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, length * 2, true);
  for (let i = 0; i < length; i++) view.setInt16(44 + i * 2, data[i]!, true);
  return bytes;
}
