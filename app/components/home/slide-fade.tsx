import { LazyMotion, m } from "framer-motion";
import type { ReactNode } from "react";

const loadFeatures = () => import("./motion-features").then((res) => res.default);

interface FadeSlideProps {
  className: string;
  label: string;
  durationMs: number;
  children: ReactNode;
}

/** One slide fading in over the one before it. Loaded by the slideshow only when a fade is about to play. */
export function FadeSlide({ className, label, durationMs, children }: FadeSlideProps) {
  return (
    <LazyMotion features={loadFeatures} strict>
      <m.div
        className={className}
        role="group"
        aria-roledescription="Folie"
        aria-label={label}
        initial={{ opacity: 0 }}
        animate={{ opacity: 1 }}
        transition={{ duration: durationMs / 1000, ease: "easeInOut" }}
      >
        {children}
      </m.div>
    </LazyMotion>
  );
}
