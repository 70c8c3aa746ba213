import type { HoldMusic } from '@enq/contract';
import { Music } from 'lucide-react';
import { useState } from 'react';
import { Select } from '../../../components/ui/select';
import { PreviewButton, useTrackPreview } from './track-preview';

/** The hold-music picker: choose a track from the list (the default first) and preview it. */
export function HoldMusicPicker({ list, defaultValue }: { list: HoldMusic[]; defaultValue: string }) {
  const [value, setValue] = useState(defaultValue || list[0]?.value || '');
  const preview = useTrackPreview();
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
          if (preview.state === 'playing') preview.stop();
        }}
      >
        {list.map((t) => (
          <option key={t.value} value={t.value}>
            {t.name}
            {t.value === defaultValue ? ' (default)' : ''}
          </option>
        ))}
      </Select>
      <PreviewButton track={track} preview={preview} />
    </div>
  );
}
