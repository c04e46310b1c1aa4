import { type CSSProperties, type KeyboardEvent, type PointerEvent, useRef, useState } from "react";
import { type PictureData, ReferencePicture } from "~/components/pages/reference-picture";
import { useHydrated } from "~/components/use-hydrated";

/** Where the divider starts, and how far an arrow key (a page key ten times that) moves it, in percent. */
const START = 50;
const KEY_STEP = 5;

const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

/** How far each arrow key moves the divider; Home and End go to either edge. */
const KEY_MOVES: Record<string, (position: number) => number> = {
  ArrowLeft: (position) => position - KEY_STEP,
  ArrowDown: (position) => position - KEY_STEP,
  ArrowRight: (position) => position + KEY_STEP,
  ArrowUp: (position) => position + KEY_STEP,
  PageDown: (position) => position - 2 * KEY_STEP,
  PageUp: (position) => position + 2 * KEY_STEP,
  Home: () => 0,
  End: () => 100,
};

/**
 * "Vorher / Nachher": the finished work with its "Vorher-Bild" over it up to a divider that follows
 * a finger, the mouse or the arrow keys (a `role="slider"`). Both pictures fill the same box in the
 * finished picture's proportions. Without JavaScript the two stand side by side (stacked where
 * the space is taller than wide), each with its label.
 */
export function BeforeAfter({
  after,
  before,
  alt,
  sizes,
  halfSizes,
}: {
  after: PictureData;
  before: PictureData;
  /** What the finished work shows; the before picture is named after it. */
  alt: string;
  /** The box's width, as for a single picture in the same place. */
  sizes: string;
  /** Each picture's width when the two stand side by side (or stacked) without JavaScript. */
  halfSizes: string;
}) {
  const hydrated = useHydrated();
  const [position, setPosition] = useState(START);
  const box = useRef<HTMLDivElement>(null);
  const ratio = after.width && after.height ? after.width / after.height : 4 / 3;

  if (!hydrated) {
    return (
      <div className="compare compare--plain">
        <figure className="compare__half">
          <ReferencePicture picture={before} className="compare__plain-image" sizes={halfSizes} alt={`Vorher: ${alt}`} />
          <figcaption className="compare__tag">Vorher</figcaption>
        </figure>
        <figure className="compare__half">
          <ReferencePicture picture={after} className="compare__plain-image" sizes={halfSizes} alt={`Nachher: ${alt}`} />
          <figcaption className="compare__tag">Nachher</figcaption>
        </figure>
      </div>
    );
  }

  const follow = (event: PointerEvent<HTMLDivElement>) => {
    const rect = box.current?.getBoundingClientRect();
    if (rect && rect.width > 0) setPosition(clamp(((event.clientX - rect.left) / rect.width) * 100));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    // The viewer's own arrow keys step through the pictures; on the divider they move it.
    event.preventDefault();
    event.stopPropagation();
    setPosition((current) => clamp(move(current)));
  };

  return (
    <div
      ref={box}
      className="compare"
      style={{ "--compare-ratio": ratio, "--compare-position": `${position}%` } as CSSProperties}
      // A drag on the pictures moves the divider, not to the next picture (the viewer's swipe).
      onPointerDown={(event) => {
        event.stopPropagation();
        event.currentTarget.setPointerCapture(event.pointerId);
        follow(event);
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) follow(event);
      }}
      onPointerUp={(event) => event.stopPropagation()}
    >
      <ReferencePicture picture={after} className="compare__image" sizes={sizes} alt={`Nachher: ${alt}`} draggable={false} />
      <div className="compare__before">
        <ReferencePicture picture={before} className="compare__image" sizes={sizes} alt={`Vorher: ${alt}`} draggable={false} />
      </div>
      <span className="compare__tag compare__tag--before" aria-hidden="true">
        Vorher
      </span>
      <span className="compare__tag compare__tag--after" aria-hidden="true">
        Nachher
      </span>
      <div
        className="compare__handle"
        role="slider"
        tabIndex={0}
        aria-label="Vorher-Nachher-Vergleich"
        aria-orientation="horizontal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={position}
        aria-valuetext={`${position} % Vorher, ${100 - position} % Nachher`}
        onKeyDown={onKeyDown}
      >
        <span className="compare__grip" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="22" height="22" focusable="false">
            <path d="m9 6-6 6 6 6M15 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
      </div>
    </div>
  );
}
