/**
 * The clips chosen for a reel, in the order chosen, as far as they still exist: a clip deleted since (here or in
 * another tab) is no longer in the reel, and is never sent to be rendered.
 */
export function chosenClips(chosenIds: readonly string[], clips: ReadonlyArray<{ id: string }>): string[] {
  const present = new Set(clips.map((clip) => clip.id));
  return chosenIds.filter((id) => present.has(id));
}
