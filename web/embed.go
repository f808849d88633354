// Package web holds Outpost's browser front end: the TypeScript source in
// src/ and, in dist/, the bundle that "npm ci && npm run build" makes from it.
// The bundle is committed so that the Go build needs no Node.js; the server
// serves Dist at the root of its HTTP address.
package web

import "embed"

// Dist is the built front end: dist/index.html, app.js, app.css and the
// files they refer to. Open it with fs.Sub(Dist, "dist").
//
//go:embed dist
var Dist embed.FS
