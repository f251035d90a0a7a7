import { useEffect, useState } from 'react';

/**
 * A share link's on/off setting as a switch: saved through the API, it comes back on the live link. The switch shows
 * where a change is going (`pending`) until the live value has caught up with it, or the change failed (`drop`).
 */
export function usePendingSwitch(saved: boolean): { shown: boolean; pending: boolean | null; intend: (next: boolean) => void; drop: () => void } {
  const [pending, setPending] = useState<boolean | null>(null);
  useEffect(() => {
    if (pending !== null && saved === pending) setPending(null);
  }, [saved, pending]);
  return { shown: pending ?? saved, pending, intend: setPending, drop: () => setPending(null) };
}

/** The switch itself: a checkbox with the switch role, described by the sentence that says what it does. */
export function SwitchInput({
  id,
  checked,
  disabled,
  describedBy,
  testId,
  onToggle,
}: {
  id: string;
  checked: boolean;
  disabled: boolean;
  describedBy: string;
  testId: string;
  onToggle: (next: boolean) => void;
}) {
  return (
    <input
      id={id}
      type="checkbox"
      role="switch"
      checked={checked}
      disabled={disabled}
      aria-describedby={describedBy}
      data-testid={testId}
      onChange={(event) => onToggle(event.target.checked)}
    />
  );
}
