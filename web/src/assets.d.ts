// assets.d.ts types what the bundle imports besides TypeScript.

// An SVG file is its data: URI (build.mjs's loader).
declare module '*.svg' {
  const uri: string;
  export default uri;
}

// The piece sets' CSS, made by piecesets.mjs.
declare module 'outpost:piece-sets';
