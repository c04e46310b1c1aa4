import { useRef, type PointerEvent } from "react";

/** SPEC §9: a swipe needs 30 % of the width; a touch that moves less than 5 px is a tap. */
const SWIPE_SHARE = 0.3;
const TAP_PX = 5;

/**
 * Horizontal swipes and taps by touch on one element (mouse and pen keep their clicks).
 * `onSwipe` gets 1 for a swipe to the left (show the next) and -1 to the right.
 * The element needs `touch-action: pan-y` so the browser leaves sideways moves to it.
 */
export function useSwipe({ onSwipe, onTap }: { onSwipe: (by: 1 | -1) => void; onTap?: (timeStamp: number) => void }) {
  const start = useRef<{ x: number; y: number; pointerId: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.pointerType !== "touch" || !event.isPrimary) return;
      start.current = { x: event.clientX, y: event.clientY, pointerId: event.pointerId };
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const from = start.current;
      start.current = null;
      if (!from || from.pointerId !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) >= event.currentTarget.clientWidth * SWIPE_SHARE && Math.abs(dx) > Math.abs(dy)) {
        onSwipe(dx < 0 ? 1 : -1);
      } else if (Math.hypot(dx, dy) < TAP_PX) {
        onTap?.(event.timeStamp);
      }
    },
    onPointerCancel() {
      start.current = null;
    },
  };
}
