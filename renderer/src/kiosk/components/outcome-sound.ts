import { soundOn } from '../shell/settings.ts';
import type { Tone } from './ResultPanel.tsx';

/**
 * Each outcome's sound, told apart without looking: rising for checked in, a level double beep for already checked
 * in, a falling pair for not registered, a low buzz for refused. [frequency in Hz, seconds] per note.
 */
const MELODIES: Record<Tone, ReadonlyArray<readonly [number, number]>> = {
  success: [
    [660, 0.12],
    [990, 0.2],
  ],
  already: [
    [784, 0.12],
    [784, 0.12],
  ],
  warning: [
    [523, 0.15],
    [392, 0.22],
  ],
  error: [[180, 0.45]],
};

const WAVES: Record<Tone, OscillatorType> = {
  success: 'sine',
  already: 'sine',
  warning: 'triangle',
  error: 'square',
};

let context: AudioContext | null = null;

/** Plays the outcome's short tones with the Web Audio API (no sound files), unless the kiosk is muted. */
export function playOutcome(tone: Tone): void {
  if (!soundOn() || typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    // A context made before any touch starts suspended; the tap that led here lets it resume.
    if (context.state === 'suspended') void context.resume();
    let at = context.currentTime + 0.02;
    for (const [frequency, seconds] of MELODIES[tone]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = WAVES[tone];
      oscillator.frequency.value = frequency;
      // A quick fade in and out: a hard start or stop clicks.
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(0.25, at + 0.01);
      gain.gain.linearRampToValueAtTime(0, at + seconds);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + seconds);
      at += seconds + 0.04;
    }
  } catch {
    // No audio device: the colour and the words still tell the outcome.
  }
}
