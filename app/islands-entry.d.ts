declare module "virtual:islands-entry" {
  /** The islands' script in the server build (vite-islands.ts); null in the browser and under `npm run dev`. */
  const islandsEntry: string | null;
  export default islandsEntry;
}
