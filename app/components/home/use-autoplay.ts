import { useEffect } from "react";

/**
 * Calls `advance` once `delayMs` have passed while `running`; every change of
 * `restartKey` (the slide on show) starts the wait afresh, so a slide chosen by hand
 * gets its full time. `prepare` runs `leadMs` before each change, to fetch what it needs.
 */
export function useAutoplay({
  running,
  delayMs,
  leadMs,
  restartKey,
  advance,
  prepare,
}: {
  running: boolean;
  delayMs: number;
  leadMs: number;
  restartKey: unknown;
  advance: () => void;
  prepare: () => void;
}) {
  useEffect(() => {
    if (!running) return;
    const early = setTimeout(prepare, Math.max(0, delayMs - leadMs));
    const timer = setTimeout(advance, delayMs);
    return () => {
      clearTimeout(early);
      clearTimeout(timer);
    };
  }, [running, delayMs, leadMs, restartKey, advance, prepare]);
}
