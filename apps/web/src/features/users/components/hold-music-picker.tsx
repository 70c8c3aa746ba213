import type { HoldMusic } from '@enq/contract';
import { Music, Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Select } from '../../../components/ui/select';
import { fetchHoldMusic } from '../api/hold-music-audio';

type AudioWindow = Window & { webkitAudioContext?: typeof AudioContext };

/** The hold-music picker: choose a track from the list (the default first) and preview it. */
export function HoldMusicPicker({ list, defaultValue }: { list: HoldMusic[]; defaultValue: string }) {
  const [value, setValue] = useState(defaultValue || list[0]?.value || '');
  const [state, setState] = useState<'idle' | 'loading' | 'playing' | 'error'>('idle');
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

  const track = list.find((t) => t.value === value);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label
        htmlFor="hold-music-preview"
        className="flex items-center gap-1.5 text-sm font-medium text-slate-700"
      >
        <Music aria-hidden="true" className="size-4 text-slate-500" />
        Hold music
      </label>
      <Select
        id="hold-music-preview"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          if (state === 'playing') stop();
        }}
      >
        {list.map((t) => (
          <option key={t.value} value={t.value}>
            {t.name}
            {t.value === defaultValue ? ' (default)' : ''}
          </option>
        ))}
      </Select>
      <button
        type="button"
        onClick={() => (state === 'playing' ? stop() : void play(track))}
        aria-label={state === 'playing' ? `Stop ${track?.name ?? ''}` : `Play ${track?.name ?? ''}`}
        disabled={state === 'loading'}
        className="focus-ring inline-flex size-9 items-center justify-center rounded-full bg-brand-600 text-white shadow-xs hover:bg-brand-700 disabled:opacity-60"
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
    </div>
  );
}
