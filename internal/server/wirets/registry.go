package main

import (
	"reflect"

	"github.com/outpost-chess/outpost/internal/explain"
	"github.com/outpost-chess/outpost/internal/review"
	"github.com/outpost-chess/outpost/internal/server"
	"github.com/outpost-chess/outpost/internal/wiregen"
)

// wire is the JSON of the API (docs/server.md) that web/src/wire.ts
// declares: the types below and every named type they refer to. A type the
// server starts to send or take is added here; a field renamed or retyped
// in Go changes web/src/wire.ts, and the front end's use of it fails the
// TypeScript build.
var wire = wiregen.Config{
	Home: reflect.TypeFor[server.GameState]().PkgPath(),
	Types: []reflect.Type{
		// A game and its event stream.
		reflect.TypeFor[server.GameState](),
		reflect.TypeFor[server.NewGameResponse](),
		reflect.TypeFor[server.Summary](),
		reflect.TypeFor[server.Thinking](),
		reflect.TypeFor[server.Hint](),
		reflect.TypeFor[server.DrawOfferAnswer](),
		// The levels, the openings, the server's health.
		reflect.TypeFor[server.LevelInfo](),
		reflect.TypeFor[server.OpeningEntry](),
		reflect.TypeFor[server.Health](),
		// The analysis board: positions, PGN, live analysis.
		reflect.TypeFor[server.Analysis](),
		reflect.TypeFor[server.GameTree](),
		reflect.TypeFor[server.PGNText](),
		reflect.TypeFor[server.AnalysisLine](),
		reflect.TypeFor[server.AnalysisDone](),
		// The review and the moves tried instead.
		reflect.TypeFor[server.ReviewProgress](),
		reflect.TypeFor[review.Review](),
		reflect.TypeFor[server.TryAnswer](),
		// The Puzzles page.
		reflect.TypeFor[server.PuzzleToken](),
		reflect.TypeFor[server.PuzzlePlayer](),
		reflect.TypeFor[server.PuzzleThemes](),
		reflect.TypeFor[server.PuzzleView](),
		reflect.TypeFor[server.PuzzleMoveAnswer](),
		reflect.TypeFor[server.PuzzleHint](),
		reflect.TypeFor[server.PuzzleSolution](),
		// The search explorer.
		reflect.TypeFor[explain.Report](),
		reflect.TypeFor[explain.NodeView](),
		reflect.TypeFor[explain.VisitPage](),
		reflect.TypeFor[explain.Lesson](),
		reflect.TypeFor[server.ExplainSize](),
	},
	Requests: []reflect.Type{
		reflect.TypeFor[server.NewGameRequest](),
		reflect.TypeFor[server.MoveRequest](),
		reflect.TypeFor[server.SettingsRequest](),
		reflect.TypeFor[server.SideRequest](),
		reflect.TypeFor[server.AnalyseRequest](),
		reflect.TypeFor[server.PGNRequest](),
		reflect.TypeFor[server.LiveAnalysisRequest](),
		reflect.TypeFor[server.ReviewRequest](),
		reflect.TypeFor[server.TryRequest](),
		reflect.TypeFor[server.PuzzleMoveRequest](),
		reflect.TypeFor[server.PuzzleLineRequest](),
		reflect.TypeFor[server.ExplainRequest](),
	},
	Custom: map[reflect.Type]string{
		reflect.TypeFor[review.Eval]():      "{ cp?: number; mate?: number }",
		reflect.TypeFor[review.Judgement](): "'' | 'inaccuracy' | 'mistake' | 'blunder'",
	},
	Raw: map[wiregen.Field]reflect.Type{
		{In: reflect.TypeFor[server.DrawOfferAnswer](), Name: "Game"}:  reflect.TypeFor[server.GameState](),
		{In: reflect.TypeFor[server.ReviewProgress](), Name: "Review"}: reflect.TypeFor[review.Review](),
	},
	Generator: `"go generate ./internal/server" (internal/server/wirets)`,
	Header: []string{
		"",
		"wire.ts is the JSON of Outpost's API (docs/server.md) as the server's Go",
		"types marshal it: the types internal/server/wirets/registry.go lists and",
		"those they refer to, with their Go doc comments. A type's name is its Go",
		"name, prefixed by its package's outside package server (review.Move is",
		"ReviewMove). Optional fields (?) may be absent; T | null may be null.",
	},
}
