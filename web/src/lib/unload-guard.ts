/**
 * Leaving the page while bytes are still going out would lose them: the browser asks first. Each uploader says
 * whether it is busy under its own name; the question is asked while any of them is.
 */
const busy = new Set<string>();

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
}

export function guardUnload(uploader: string, sending: boolean): void {
  if (typeof window === 'undefined') return;
  const before = busy.size > 0;
  if (sending) busy.add(uploader);
  else busy.delete(uploader);
  const after = busy.size > 0;
  if (after && !before) window.addEventListener('beforeunload', onBeforeUnload);
  if (!after && before) window.removeEventListener('beforeunload', onBeforeUnload);
}
