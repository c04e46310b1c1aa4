import { encodePng } from "../../scripts/demo-images";

/** A small PNG in one colour with a soft diagonal shade, so test pictures are real, decodable images. */
export function testPng(
  width: number,
  height: number,
  [red, green, blue]: readonly [number, number, number],
): Promise<Uint8Array<ArrayBuffer>> {
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const shade = 0.75 + 0.25 * ((x / width + y / height) / 2);
      const offset = (y * width + x) * 3;
      pixels[offset] = Math.round(red * shade);
      pixels[offset + 1] = Math.round(green * shade);
      pixels[offset + 2] = Math.round(blue * shade);
    }
  }
  return encodePng({ width, height, pixels });
}
