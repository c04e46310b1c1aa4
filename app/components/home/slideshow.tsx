import { useCallback, useEffect, useReducer, useRef, useState, type KeyboardEvent } from "react";
import { PlaceholderPicture } from "~/components/pages/placeholder-picture";
import { useSwipe } from "~/components/use-swipe";
import { useHydrated } from "~/components/use-hydrated";
import { type PictureData, plainSource, ReferencePicture } from "~/components/pages/reference-picture";
import { useAutoplay } from "./use-autoplay";
import { usePrefersReducedMotion } from "./use-prefers-reduced-motion";

/** SPEC §9: slideshow timing. */
export const SLIDE_DELAY_MS = 5000;
export const FADE_MS = 1200;
export const CONTROLS_HIDE_MS = 2500;
/** SPEC §9: two taps within 200 ms start or stop the show. */
const DOUBLE_TAP_MS = 200;

/** How long before an automatic change the fade code is fetched, so the change comes on time. */
const MOTION_PREFETCH_MS = 1500;

type FadeSlideComponent = typeof import("./slide-fade").FadeSlide;
let motionLoad: Promise<FadeSlideComponent> | undefined;

/**
 * framer-motion (LazyMotion, `m` and its features) is fetched only once a fade is about
 * to play, so it adds nothing to the first load of the home page and never loads for
 * visitors who prefer reduced motion.
 */
function loadMotion(): Promise<FadeSlideComponent> {
  motionLoad ??= Promise.all([import("./slide-fade"), import("./motion-features")]).then(
    ([module]) => module.FadeSlide,
  );
  return motionLoad;
}

export interface Slide extends PictureData {
  id: string;
  description: string;
}

// Slides span the content column: at most 1100 px less 2 × 1rem padding; below 600 px the full width (home.css).
const SIZES = "(min-width: 1100px) 1068px, (min-width: 600px) calc(100vw - 32px), 100vw";

/**
 * Lazy, even the first: the show starts below the hero, about 1.6 screens down on a phone and at
 * the fold on a desktop, so it is never the largest paint and must not compete with the first
 * view's styles and font (decision 011).
 */
function SlideImage({ slide }: { slide: Slide }) {
  return (
    <ReferencePicture
      picture={slide}
      className="slideshow__image"
      sizes={SIZES}
      width={1600}
      height={900}
      alt={slide.description || "Referenzprojekt aus unserer Werkstatt"}
      loading="lazy"
      draggable={false}
    />
  );
}

interface SlideState {
  index: number;
  /** The slide fading out underneath the current one; null once the fade is over. */
  previous: number | null;
  /** Whether any slide change happened yet: the first slide shows without a fade, as rendered on the server. */
  changed: boolean;
}

type SlideAction = { type: "step"; by: number; count: number } | { type: "settled" };

function slideReducer(state: SlideState, action: SlideAction): SlideState {
  if (action.type === "settled") return { ...state, previous: null };
  const index = (((state.index + action.by) % action.count) + action.count) % action.count;
  if (index === state.index) return state;
  return { index, previous: state.index, changed: true };
}

/** Fade slideshow of the chosen (or latest) reference images: autoplay, controls on pointer-over (below the picture on phones), swipe and arrow keys. */
export function Slideshow({ slides, labelledBy }: { slides: Slide[]; labelledBy: string }) {
  if (slides.length === 0) {
    return (
      <figure className="slideshow slideshow--empty">
        <PlaceholderPicture className="slideshow__image" />
        <figcaption className="slideshow__caption">Hier zeigen wir bald unsere neuesten Projekte.</figcaption>
      </figure>
    );
  }
  // Other pictures (after a reload of the page data) start the show afresh.
  return <SlideshowPlayer key={slides.map((slide) => slide.id).join()} slides={slides} labelledBy={labelledBy} />;
}

function SlideshowPlayer({ slides, labelledBy }: { slides: Slide[]; labelledBy: string }) {
  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const count = slides.length;
  const [{ index, previous, changed }, dispatch] = useReducer(slideReducer, {
    index: 0,
    previous: null,
    changed: false,
  });
  /** null until the visitor chooses; then their choice wins over the motion setting. */
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [pointerOver, setPointerOver] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const [controlsShown, setControlsShown] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>();
  const lastTap = useRef(0);

  const [FadeSlide, setFadeSlide] = useState<FadeSlideComponent | null>(null);

  const playing = count > 1 && (playChoice ?? !reducedMotion);
  const fadeMs = reducedMotion ? 0 : FADE_MS;

  const prepareMotion = useCallback(async () => {
    if (reducedMotion) return;
    try {
      const component = await loadMotion();
      setFadeSlide(() => component);
    } catch (error) {
      // Without the fade code the slides still change, just without the fade.
      console.error("Slideshow fade could not be loaded", error);
      motionLoad = undefined;
    }
  }, [reducedMotion]);

  const step = useCallback(
    (by: number) => void prepareMotion().then(() => dispatch({ type: "step", by, count })),
    [prepareMotion, count],
  );

  const advance = useCallback(() => step(1), [step]);
  const prefetchMotion = useCallback(() => void prepareMotion(), [prepareMotion]);
  // Rotation rests while the pointer or keyboard focus is on the slideshow (WAI carousel pattern).
  useAutoplay({
    running: playing && !pointerOver && !focusInside,
    delayMs: SLIDE_DELAY_MS,
    leadMs: MOTION_PREFETCH_MS,
    restartKey: index,
    advance,
    prepare: prefetchMotion,
  });

  useEffect(() => {
    if (previous === null) return;
    const timer = setTimeout(() => dispatch({ type: "settled" }), fadeMs);
    return () => clearTimeout(timer);
  }, [previous, fadeMs]);

  // Fetch the next image ahead, so it is ready when its fade starts.
  useEffect(() => {
    const next = slides[(index + 1) % count];
    const image = new Image();
    image.sizes = SIZES;
    // The preferred format; every browser the site supports decodes AVIF.
    const set = next.sources[0]?.srcSet;
    if (set) image.srcset = set;
    image.src = plainSource(next);
  }, [index, count, slides]);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const revealControls = () => {
    setControlsShown(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setControlsShown(false), CONTROLS_HIDE_MS);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") step(1);
    else if (event.key === "ArrowLeft") step(-1);
    else return;
    event.preventDefault();
  };

  const swipe = useSwipe({
    onSwipe: step,
    onTap: (timeStamp) => {
      if (timeStamp - lastTap.current < DOUBLE_TAP_MS) {
        setPlayChoice(!playing);
        lastTap.current = 0;
      } else {
        lastTap.current = timeStamp;
      }
      revealControls();
    },
  });

  const slide = slides[index];
  const label = `${index + 1} von ${count}`;
  const content = (
    <>
      <SlideImage slide={slide} />
      {slide.description && <p className="slideshow__caption">{slide.description}</p>}
    </>
  );
  return (
    <section
      className={`slideshow${controlsShown ? " slideshow--controls" : ""}`}
      aria-roledescription="Karussell"
      aria-labelledby={labelledBy}
      onKeyDown={onKeyDown}
      onPointerEnter={(event) => {
        if (event.pointerType !== "mouse") return;
        setPointerOver(true);
        void prepareMotion();
      }}
      onPointerLeave={() => setPointerOver(false)}
      onPointerMove={(event) => event.pointerType !== "touch" && revealControls()}
      onFocus={() => {
        setFocusInside(true);
        void prepareMotion();
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusInside(false);
      }}
    >
      <div
        className="slideshow__viewport"
        // Arrow keys need JavaScript; before it runs the slide is a plain picture.
        tabIndex={hydrated ? 0 : undefined}
        aria-live={playing ? "off" : "polite"}
        role="group"
        aria-label={hydrated ? "Bilder; mit den Pfeiltasten blättern" : "Bilder"}
        {...swipe}
      >
        {previous !== null && previous !== index && (
          <div className="slideshow__slide" aria-hidden="true">
            <SlideImage slide={slides[previous]} />
          </div>
        )}
        {changed && FadeSlide ? (
          <FadeSlide key={slide.id} className="slideshow__slide" label={label} durationMs={fadeMs}>
            {content}
          </FadeSlide>
        ) : (
          <div key={slide.id} className="slideshow__slide" role="group" aria-roledescription="Folie" aria-label={label}>
            {content}
          </div>
        )}
      </div>
      {count > 1 && (
        // Where the visitor is and that there is more, at a glance and without hovering.
        <ol className="slideshow__dots" aria-hidden="true">
          {slides.map((item, position) => (
            <li key={item.id} className={position === index ? "slideshow__dot slideshow__dot--current" : "slideshow__dot"} />
          ))}
        </ol>
      )}
      {hydrated && count > 1 && (
        <div className="slideshow__controls">
          <button type="button" className="slideshow__button" aria-label="Vorheriges Bild" onClick={() => step(-1)}>
            <ControlIcon path="M15 5 8 12l7 7" />
          </button>
          <button
            type="button"
            className="slideshow__button"
            aria-label={playing ? "Diashow anhalten" : "Diashow abspielen"}
            onClick={() => setPlayChoice(!playing)}
          >
            {playing ? <ControlIcon path="M9 5v14M15 5v14" /> : <ControlIcon path="M8 5v14l11-7z" filled />}
          </button>
          <button type="button" className="slideshow__button" aria-label="Nächstes Bild" onClick={() => step(1)}>
            <ControlIcon path="m9 5 7 7-7 7" />
          </button>
          <span className="slideshow__counter" aria-hidden="true">
            {index + 1} / {count}
          </span>
        </div>
      )}
    </section>
  );
}

function ControlIcon({ path, filled = false }: { path: string; filled?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d={path}
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
