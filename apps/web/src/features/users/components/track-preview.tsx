import type { HoldMusic } from '@enq/contract';
import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { fetchHoldMusic } from '../api/hold-music-audio';

type AudioWindow = Window & { webkitAudioContext?: typeof AudioContext };
export type PreviewState = 'idle' | 'loading' | 'playing' | 'error';

/** Plays one hold-music track at a time (the page's picker and the user form each have one). */
export function useTrackPreview() {
  const [state, setState] = useState<PreviewState>('idle');
  const audio = useRef<{ context: AudioContext; source: AudioBufferSourceNode | null } | null>(null);

  const stop = () => {
    audio.current?.source?.stop();
    if (audio.current) audio.current.source = null;
    setState('idle');
  };
  useEffect(
    () => () => {
      audio.current?.source?.stop();
      void audio.current?.context.close();
    },
    [],
  );

  const play = async (track: HoldMusic | undefined) => {
    if (!track) return;
    audio.current?.source?.stop();
    setState('loading');
    try {
      const Ctx = window.AudioContext ?? (window as AudioWindow).webkitAudioContext;
      audio.current ??= { context: new Ctx(), source: null };
      const { context } = audio.current;
      const bytes = await fetchHoldMusic(track.url);
      const buffer = await context.decodeAudioData(bytes.slice(0));
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(context.destination);
      source.onended = () => {
        if (audio.current?.source === source) stop();
      };
      audio.current.source = source;
      await context.resume();
      source.start();
      setState('playing');
    } catch {
      setState('error');
    }
  };
  return { state, play, stop };
}

export type TrackPreview = ReturnType<typeof useTrackPreview>;

/** The round Play / Stop button of a preview, and the line that says what plays (or that it failed). */
export function PreviewButton({ track, preview }: { track: HoldMusic | undefined; preview: TrackPreview }) {
  const { state } = preview;
  return (
    <>
      <button
        type="button"
        onClick={() => (state === 'playing' ? preview.stop() : void preview.play(track))}
        aria-label={state === 'playing' ? `Stop ${track?.name ?? ''}` : `Play ${track?.name ?? ''}`}
        disabled={state === 'loading' || !track}
        className="focus-ring inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white shadow-xs hover:bg-brand-700 disabled:opacity-60"
      >
        {state === 'playing' ? (
          <Pause aria-hidden="true" className="size-4" />
        ) : (
          <Play aria-hidden="true" className="size-4" />
        )}
      </button>
      <span role="status" className="text-xs text-slate-500">
        {state === 'playing'
          ? `Playing ${track?.name}`
          : state === 'error'
            ? 'The track could not be played.'
            : ''}
      </span>
    </>
  );
}
