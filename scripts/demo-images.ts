// Procedural demo pictures of upholstery (quilted and pleated leather with stitching) for
// local development, so the slideshow and the gallery have something to show without
// shipping photos. sharp (a dev dependency, also wrangler's) gives them a photograph's
// finish — lens softness, vignette, sensor grain — and encodes them as a camera would, as JPEG.
import sharp from "sharp";

/** An RGB image, three bytes per pixel, row by row. */
export interface Raster {
  width: number;
  height: number;
  pixels: Uint8Array;
}

type Rgb = readonly [number, number, number];

export interface Upholstery {
  /** Quilted diamonds, or straight pleats ("Pfeifen") running across or along the picture. */
  pattern: "diamond" | "channels-vertical" | "channels-horizontal";
  /** Size of one diamond or pleat in pixels at 1600 × 900. */
  cell: number;
  leather: Rgb;
  thread: Rgb;
  perforated?: boolean;
  /** Seeds the leather grain, so each picture differs. */
  seed: number;
}

function hash(x: number, y: number, seed: number): number {
  let h = Math.imul(x, 374761393) ^ Math.imul(y, 668265263) ^ Math.imul(seed, 2147483647);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Smooth value noise in [0, 1): the pebbled grain of the leather. */
function grain(x: number, y: number, scale: number, seed: number): number {
  const gx = x / scale;
  const gy = y / scale;
  const x0 = Math.floor(gx);
  const y0 = Math.floor(gy);
  const tx = gx - x0;
  const ty = gy - y0;
  const sx = tx * tx * (3 - 2 * tx);
  const sy = ty * ty * (3 - 2 * ty);
  const top = hash(x0, y0, seed) * (1 - sx) + hash(x0 + 1, y0, seed) * sx;
  const bottom = hash(x0, y0 + 1, seed) * (1 - sx) + hash(x0 + 1, y0 + 1, seed) * sx;
  return top * (1 - sy) + bottom * sy;
}

/** Height of a padded cushion across one cell (0 at the seams, 1 in the middle) and its slope, as lookup tables. */
const STEPS = 2048;
const PUFF = new Float64Array(STEPS + 1);
const PUFF_SLOPE = new Float64Array(STEPS + 1);
for (let i = 0; i <= STEPS; i++) {
  const s = Math.sin((Math.PI * i) / STEPS);
  PUFF[i] = Math.pow(s, 0.55);
  PUFF_SLOPE[i] = s <= 0.0001 ? 0 : 0.55 * Math.pow(s, -0.45) * Math.PI * Math.cos((Math.PI * i) / STEPS);
}
const puff = (t: number) => PUFF[Math.round(t * STEPS)];
const puffSlope = (t: number) => PUFF_SLOPE[Math.round(t * STEPS)];

const SQRT1_2 = Math.SQRT1_2;
const LIGHT = (() => {
  const [x, y, z] = [-0.55, -0.65, 1];
  const length = Math.hypot(x, y, z);
  return [x / length, y / length, z / length] as const;
})();
const STITCH_INSET = 11;
const STITCH_LENGTH = 13;
const STITCH_GAP = 7;

/** Renders a close-up of stitched upholstery in soft, top-left light. */
export function renderUpholstery(spec: Upholstery, width = 1600, height = 900): Raster {
  const pixels = new Uint8Array(width * height * 3);
  const { cell, leather, thread, seed } = spec;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Coordinates across (a) and along (b) the cushions; diamonds use two diagonal axes.
      let a: number;
      let b: number;
      if (spec.pattern === "diamond") {
        a = (x + y) * SQRT1_2;
        b = (x - y) * SQRT1_2 + 2000;
      } else if (spec.pattern === "channels-vertical") {
        a = x;
        b = y;
      } else {
        a = y;
        b = x;
      }
      const fa = (a / cell) % 1;
      const fb = (b / cell) % 1;
      let height2d: number;
      let slopeX: number;
      let slopeY: number;
      let seamDistance: number;
      let stitchAlong: boolean;
      if (spec.pattern === "diamond") {
        const pa = puff(fa);
        const pb = puff(fb);
        height2d = pa * pb;
        const da = (puffSlope(fa) * pb) / cell;
        const db = (pa * puffSlope(fb)) / cell;
        slopeX = (da + db) * SQRT1_2;
        slopeY = (da - db) * SQRT1_2;
        const edgeA = Math.min(fa, 1 - fa) * cell;
        const edgeB = Math.min(fb, 1 - fb) * cell;
        seamDistance = Math.min(edgeA, edgeB);
        // Stitches run parallel to the nearer seam, dashed along it.
        const along = edgeA < edgeB ? b : a;
        stitchAlong = Math.abs(seamDistance - STITCH_INSET) < 1.6 && along % (STITCH_LENGTH + STITCH_GAP) < STITCH_LENGTH;
      } else {
        height2d = puff(fa);
        const slope = puffSlope(fa) / cell;
        slopeX = spec.pattern === "channels-vertical" ? slope : 0;
        slopeY = spec.pattern === "channels-vertical" ? 0 : slope;
        seamDistance = Math.min(fa, 1 - fa) * cell;
        stitchAlong = Math.abs(seamDistance - STITCH_INSET) < 1.6 && b % (STITCH_LENGTH + STITCH_GAP) < STITCH_LENGTH;
      }

      const depth = 70;
      const nx = -slopeX * depth;
      const ny = -slopeY * depth;
      const length = Math.hypot(nx, ny, 1);
      const diffuse = Math.max(0, (nx * LIGHT[0] + ny * LIGHT[1] + LIGHT[2]) / length);
      // Half-vector highlight: the soft sheen of finished leather on the tops of the cushions.
      const facing = Math.max(0, (nx * LIGHT[0] * 0.5 + ny * LIGHT[1] * 0.5 + (1 + LIGHT[2]) * 0.5) / length);
      const facing8 = facing ** 8;
      const specular = facing8 * facing8 * facing8 * facing8 * facing8;
      const texture = grain(x, y, 3.2, seed) * 0.65 + grain(x, y, 9, seed + 1) * 0.35;
      const vx = (x - width * 0.42) / width;
      const vy = (y - height * 0.38) / height;
      const vignette = 1 - 0.7 * (vx * vx + vy * vy);
      // Folds near the seams get less light (ambient occlusion), the tops of the cushions more.
      const occlusion = 0.45 + 0.55 * Math.sqrt(height2d);
      let shade = (0.25 + 0.85 * diffuse) * occlusion * (0.9 + 0.2 * texture) * vignette;
      let highlight = specular * 0.28 * (0.6 + 0.4 * texture);

      let color: Rgb = leather;
      if (seamDistance < 2.6) {
        // The seam itself sits in a shadowed groove.
        shade *= 0.35 + 0.2 * (seamDistance / 2.6);
        highlight = 0;
      } else if (stitchAlong) {
        color = thread;
        shade = (0.75 + 0.35 * diffuse) * vignette;
        highlight *= 0.5;
      } else if (spec.perforated && spec.pattern !== "diamond") {
        const holeA = (fa * cell - cell / 2) / 16;
        const holeB = ((b % 16) - 8) / 16;
        if (Math.abs(holeA) < 1.6 && Math.hypot(holeA - Math.round(holeA), holeB) < 0.16) {
          shade *= 0.25;
          highlight = 0;
        }
      }

      const offset = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const value = color[c] * shade + 255 * highlight;
        pixels[offset + c] = value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
      }
    }
  }
  return { width, height, pixels };
}

export interface DemoImage {
  filename: string;
  description: string;
  category: string[];
  spec: Upholstery;
}

export const DEMO_IMAGES: DemoImage[] = [
  {
    filename: "demo-rautensteppung-cognac.jpg",
    description: "Sitzmittelbahnen in Cognac-Nappa mit Rautensteppung und cremefarbener Kontrastnaht",
    category: ["Autositze"],
    spec: { pattern: "diamond", cell: 150, leather: [176, 98, 46], thread: [236, 220, 190], seed: 11 },
  },
  {
    filename: "demo-tuerverkleidung-schwarz.jpg",
    description: "Türverkleidung in schwarzem Glattleder, Rautensteppung mit roter Naht",
    category: ["Innenausstattung"],
    spec: { pattern: "diamond", cell: 110, leather: [44, 41, 40], thread: [190, 38, 36], seed: 23 },
  },
  {
    filename: "demo-sitzbank-bordeaux.jpg",
    description: "Oldtimer-Sitzbank in Bordeaux mit Längspfeifen nach Originalvorlage",
    category: ["Oldtimer", "Autositze"],
    spec: { pattern: "channels-vertical", cell: 130, leather: [118, 28, 40], thread: [224, 200, 160], seed: 37 },
  },
  {
    filename: "demo-ruecksitz-beige.jpg",
    description: "Rücksitzbank in hellem Beige mit großer Raute und brauner Ziernaht",
    category: ["Innenausstattung", "Autositze"],
    spec: { pattern: "diamond", cell: 190, leather: [222, 200, 166], thread: [110, 66, 36], seed: 41 },
  },
  {
    filename: "demo-motorradsitz-perforiert.jpg",
    description: "Motorradsitzbank in schwarzem Kunstleder mit perforierten Querpfeifen",
    category: ["Motorradsitze"],
    spec: {
      pattern: "channels-horizontal",
      cell: 120,
      leather: [52, 50, 52],
      thread: [170, 170, 168],
      perforated: true,
      seed: 53,
    },
  },
];

/** Encodes a raster as PNG (test pictures: exact colours, no compression artefacts). */
export async function encodePng({ width, height, pixels }: Raster): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer());
}

/** The original (1600 × 900) as a camera JPEG; the server makes its renditions like for any upload. */
export async function renderDemoImage(image: DemoImage): Promise<Uint8Array<ArrayBuffer>> {
  const { width, height, pixels } = renderUpholstery(image.spec);
  // Darker corners, as a lens shows them under workshop light.
  const vignette = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <radialGradient id="v" cx="45%" cy="40%" r="75%"><stop offset="55%" stop-color="#fff"/><stop offset="100%" stop-color="#6b6b6b"/></radialGradient>
      <rect width="100%" height="100%" fill="url(#v)"/></svg>`,
  );
  const grain = await sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 14 } },
  })
    .png()
    .toBuffer();
  const photo = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(0.6)
    .composite([
      { input: vignette, blend: "multiply" },
      { input: grain, blend: "soft-light" },
    ])
    .jpeg({ quality: 86, mozjpeg: true })
    .toBuffer();
  return new Uint8Array(photo);
}
