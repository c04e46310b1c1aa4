import type { CSSProperties } from "react";
import { BeforeAfter } from "~/components/gallery/before-after";
import type { PictureData } from "~/components/pages/reference-picture";

/** A chosen project with its "Vorher-Bild". */
export interface ChosenPair extends PictureData {
  id: string;
  description: string;
  before: PictureData;
}

/** At most this many comparisons under the slideshow (the home page's loader keeps the first): the page stays short on a phone. */
export const MAX_CHOSEN_PAIRS = 2;

// One column on a phone, two from 760 px, within the 1100 px content column (home.css).
const SIZES = "(min-width: 1100px) 526px, (min-width: 760px) calc(50vw - 24px), calc(100vw - 32px)";
const HALF_SIZES = "(min-width: 1100px) 263px, (min-width: 760px) calc(25vw - 12px), calc(50vw - 16px)";
// A lone pair: one column up to 760 px wide.
const LONE_SIZES = "(min-width: 792px) 760px, calc(100vw - 32px)";
const LONE_HALF_SIZES = "(min-width: 792px) 380px, calc(50vw - 16px)";

/**
 * "Vorher / Nachher" of the projects staff chose for the home page: two under the slideshow, a
 * lone one in a section of its own (`labelledBy` its heading); the gallery's comparison slider,
 * or both pictures side by side without JavaScript.
 */
export function ChosenPairs({ pairs, labelledBy }: { pairs: ChosenPair[]; labelledBy?: string }) {
  if (pairs.length === 0) return null;
  const lone = pairs.length === 1;
  return (
    <ul className={lone ? "home-pairs home-pairs--lone" : "home-pairs"} aria-label={labelledBy ? undefined : "Vorher und nachher"} aria-labelledby={labelledBy}>
      {pairs.map((pair) => {
        const ratio = pair.width && pair.height ? pair.width / pair.height : 4 / 3;
        return (
          <li key={pair.id} className="home-pairs__item">
            <div className="home-pairs__stage" style={{ "--stage-ratio": ratio } as CSSProperties}>
              <BeforeAfter after={pair} before={pair.before} alt={pair.description || "Projekt aus unserer Werkstatt"} sizes={lone ? LONE_SIZES : SIZES} halfSizes={lone ? LONE_HALF_SIZES : HALF_SIZES} />
            </div>
            {pair.description ? <p className="home-pairs__caption">{pair.description}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}
