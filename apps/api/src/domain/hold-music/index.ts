// The hold-music domain's entry: the catalogue of tracks, read by Users (choices, defaults) and by the
// Activity view (a track's name); routes and other domain folders import from here, never a file inside.
export { holdMusicTracks } from './hold-music-repository';
export type { HoldMusicRow } from './hold-music-repository';
