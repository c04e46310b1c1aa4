// Loaded on demand by the slideshow's LazyMotion: only the animation features, no gestures
// or layout, so framer-motion's share of the home page stays small.
import { domMin } from "framer-motion";

export default domMin;
