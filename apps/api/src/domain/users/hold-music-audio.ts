/**
 * Small real audio for each hold-music track: a few seconds of a synthesised melody as 16-bit mono
 * PCM WAV, which every browser plays. Made on first request and kept in memory (about 190 kB each).
 */
const SAMPLE_RATE = 16_000;

interface Melody {
  /** MIDI note numbers; 0 is a rest. */
  notes: number[];
  beatSeconds: number;
  /** Relative strengths of the 1st, 2nd, 3rd... harmonics: the timbre. */
  harmonics: number[];
  /** A sustained low note under the melody (MIDI), or 0. */
  drone: number;
}

// A Map, not an object: the key comes from the URL, and `constructor.wav` must be no track.
const MELODIES = new Map<string, Melody>(
  Object.entries({
    'harbor-lights': {
      notes: [60, 64, 67, 72, 67, 64, 60, 64, 65, 69, 72, 77, 72, 69, 65, 69],
      beatSeconds: 0.375,
      harmonics: [1, 0.35, 0.12, 0.05],
      drone: 48,
    },
    'morning-commute': {
      notes: [67, 69, 71, 74, 71, 69, 67, 0, 72, 71, 69, 67, 69, 71, 67, 0, 62, 67, 71, 74],
      beatSeconds: 0.3,
      harmonics: [1, 0.5, 0.25, 0.12],
      drone: 43,
    },
    'quiet-ledger': {
      notes: [57, 0, 60, 64, 0, 62, 59, 0, 57, 60, 64, 67],
      beatSeconds: 0.5,
      harmonics: [1, 0.08],
      drone: 45,
    },
    'blue-note-waltz': {
      notes: [62, 65, 69, 68, 65, 62, 60, 63, 67, 66, 63, 60, 62, 65, 69, 72, 70, 69],
      beatSeconds: 0.333,
      harmonics: [1, 0.6, 0.3, 0.2, 0.1],
      drone: 38,
    },
    'evergreen-strings': {
      notes: [64, 66, 68, 69, 71, 69, 68, 66, 64, 61, 64, 69],
      beatSeconds: 0.5,
      harmonics: [1, 0.7, 0.5, 0.35, 0.25, 0.15],
      drone: 40,
    },
  }),
);

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

export function synthesizeWav(melody: Melody): Buffer {
  const seconds = melody.notes.length * melody.beatSeconds;
  const frames = Math.round(seconds * SAMPLE_RATE);
  const samples = new Float32Array(frames);
  const beatFrames = Math.round(melody.beatSeconds * SAMPLE_RATE);
  const norm = melody.harmonics.reduce((a, b) => a + b, 0);
  melody.notes.forEach((note, i) => {
    if (!note) return;
    const f = hz(note);
    const start = i * beatFrames;
    const length = Math.min(Math.round(beatFrames * 1.6), frames - start);
    for (let n = 0; n < length; n++) {
      const t = n / SAMPLE_RATE;
      // A soft attack and an exponential decay, like a struck or plucked note.
      const envelope = Math.min(1, n / 160) * Math.exp((-3 * n) / length);
      let v = 0;
      melody.harmonics.forEach((h, k) => (v += h * Math.sin(2 * Math.PI * f * (k + 1) * t)));
      samples[start + n]! += (0.45 * envelope * v) / norm;
    }
  });
  if (melody.drone) {
    const f = hz(melody.drone);
    for (let n = 0; n < frames; n++) samples[n]! += 0.12 * Math.sin((2 * Math.PI * f * n) / SAMPLE_RATE);
  }
  // Fade in and out so the loop point does not click.
  const fade = Math.round(0.05 * SAMPLE_RATE);
  for (let n = 0; n < fade; n++) {
    samples[n]! *= n / fade;
    samples[frames - 1 - n]! *= n / fade;
  }

  const data = Buffer.alloc(frames * 2);
  for (let n = 0; n < frames; n++) {
    const clamped = Math.max(-1, Math.min(1, samples[n]!));
    data.writeInt16LE(Math.round(clamped * 32_767), n * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const cache = new Map<string, Buffer>();

/** The WAV of a catalogue track, or null for a value with no melody. */
export function holdMusicWav(value: string): Buffer | null {
  const melody = MELODIES.get(value);
  if (!melody) return null;
  let wav = cache.get(value);
  if (!wav) {
    wav = synthesizeWav(melody);
    cache.set(value, wav);
  }
  return wav;
}
