import confetti from 'canvas-confetti';
import { useEffect, useRef, useState } from 'react';
import { CONFETTI_PIECES, CONFETTI_REMOVED_AFTER_MS, confettiBurst } from './confetti-burst';

/** A full-screen canvas (clicks go through it) with one confetti burst, removed after 120 s. */
export function Confetti() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [shown, setShown] = useState(true);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // On the main thread: the canvas stays an ordinary element (no worker, no blob: script).
    const fire = confetti.create(canvas, { resize: true, useWorker: false });
    void fire(confettiBurst());
    const timer = setTimeout(() => setShown(false), CONFETTI_REMOVED_AFTER_MS);
    return () => {
      clearTimeout(timer);
      fire.reset();
    };
  }, []);

  if (!shown) return null;
  return <canvas ref={canvasRef} className="confetti" data-testid="confetti" data-pieces={CONFETTI_PIECES} aria-hidden="true" />;
}
