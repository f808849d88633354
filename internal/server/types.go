package server

import (
	"encoding/json"

	"github.com/outpost-chess/outpost/internal/opening"
)

// The JSON shapes of the API (docs/server.md describes each field).
// web/src/wire.ts declares them in TypeScript: wirets writes it.

//go:generate go run ./wirets

// GameState is a game as the API shows it.
type GameState struct {
	ID            string              `json:"id"`
	Source        string              `json:"source"`
	FEN           string              `json:"fen"`
	StartFEN      string              `json:"startFen"`
	Moves         []MoveInfo          `json:"moves"`
	MovesFrom     int                 `json:"movesFrom"` // Moves are the plies after this many (0: every move; see docs/server.md)
	Plies         int                 `json:"plies"`
	Turn          string              `json:"turn"`
	White         string              `json:"white"`
	Black         string              `json:"black"`
	WhiteLevel    string              `json:"whiteLevel"`
	BlackLevel    string              `json:"blackLevel"`
	WhiteElo      int                 `json:"whiteElo"` // the strength White's AI plays at (0: a person, or full strength)
	BlackElo      int                 `json:"blackElo"` // the same for Black
	Elo           int                 `json:"elo"`      // the AI's strength when one AI plays, or two at the same (else 0)
	Dests         map[string][]string `json:"dests"`
	Check         bool                `json:"check"`
	LastMove      []string            `json:"lastMove"`
	Status        string              `json:"status"`
	Result        string              `json:"result"`
	Reason        string              `json:"reason"`
	ClaimableDraw string              `json:"claimableDraw"`
	Thinking      bool                `json:"thinking"`
	Paused        bool                `json:"paused"`
	SpeedMs       int                 `json:"speedMs"`
	CanTakeback   bool                `json:"canTakeback"`
	CanRedo       bool                `json:"canRedo"`
	DrawOffer     string              `json:"drawOffer"` // the side whose draw offer stands, or ""
	Clock         *ClockInfo          `json:"clock"`     // nil for a game without clocks
	AIError       string              `json:"aiError"`   // why the AI stopped trying to move, or ""
	Import        *ImportInfo         `json:"import,omitempty"`
	// Variant is "standard" or "chess960"; Number the Chess960 start
	// position's number (0-959), or -1 (standard chess, or a Chess960 game
	// from another position).
	Variant string `json:"variant"`
	Number  int    `json:"number"`
	// Opening is the last named opening position the game reached, or nil
	// (always in Chess960, where opening names do not apply).
	Opening *opening.Match `json:"opening"`
}

// ClockInfo is a game's clocks as of the answer.
type ClockInfo struct {
	Limit     int    `json:"limit"`     // seconds
	Increment int    `json:"increment"` // seconds
	White     int64  `json:"white"`     // milliseconds left
	Black     int64  `json:"black"`     // milliseconds left
	Running   string `json:"running"`   // the side whose clock runs, or ""
}

// ImportInfo is what the PGN a game was imported from held besides its
// moves: its tags (the players' names, event, date, ECO, opening, time
// control), how many comments and variations it had (variations are left
// out of the game played: it follows the main line), and the comments, by ply (0: before
// the first move), of the moves the game still shares with it.
type ImportInfo struct {
	Tags         map[string]string `json:"tags"`
	CommentCount int               `json:"commentCount"`
	Variations   int               `json:"variations"`
	Comments     map[int]string    `json:"comments"`
	// NAGs are the glyphs (1: "!", 2: "?", ... as PGN's $1, $2) of the
	// moves the game still shares with the PGN, by ply (1: the first move);
	// Lines the variations (side lines) of those moves, by the ply of the
	// move they could replace.
	NAGs  map[int][]int        `json:"nags,omitempty"`
	Lines map[int][]ImportLine `json:"lines,omitempty"`
}

// ImportLine is a variation of an imported game: moves that could have
// been played instead of one of its moves, from the position before it.
type ImportLine struct {
	Moves []ImportMove `json:"moves"`
}

// ImportMove is one move of a variation, with its glyphs, its comment and
// its own variations (the lines that could replace it).
type ImportMove struct {
	SAN     string       `json:"san"`
	NAGs    []int        `json:"nags,omitempty"`
	Comment string       `json:"comment,omitempty"`
	Lines   []ImportLine `json:"lines,omitempty"`
}

// MoveInfo is one move of a game.
type MoveInfo struct {
	UCI string `json:"uci"`
	SAN string `json:"san"`
	FEN string `json:"fen"` // the position after the move
}

// Thinking is the progress of an AI search.
type Thinking struct {
	Ply      int      `json:"ply"` // the search is of the position after this many plies
	Depth    int      `json:"depth"`
	SelDepth int      `json:"seldepth"`
	Score    Score    `json:"score"`
	Nodes    uint64   `json:"nodes"`
	NPS      uint64   `json:"nps"`
	TimeMs   int64    `json:"timeMs"`
	PV       []string `json:"pv"`
	PVUCI    []string `json:"pvUci"`
}

// Score is a search score from White's point of view: centipawns, or moves
// to mate (negative: Black mates).
type Score struct {
	CP   *int `json:"cp,omitempty"`
	Mate *int `json:"mate,omitempty"`
}

// Summary is a game in the list of games.
type Summary struct {
	ID         string `json:"id"`
	CreatedAt  string `json:"createdAt"`
	UpdatedAt  string `json:"updatedAt"`
	White      string `json:"white"`
	Black      string `json:"black"`
	WhiteLevel string `json:"whiteLevel"`
	BlackLevel string `json:"blackLevel"`
	Result     string `json:"result"`
	Reason     string `json:"reason"`
	Plies      int    `json:"plies"`
	Source     string `json:"source"`
	Clock      string `json:"clock"` // the time control, "3+2", or "" without clocks
}

// NewGameRequest is the body of POST /api/games.
type NewGameRequest struct {
	White      string `json:"white"`
	Black      string `json:"black"`
	Level      string `json:"level"`
	Elo        *int   `json:"elo"` // the AI's strength by number (800-2800 in steps of 50), instead of level
	WhiteLevel string `json:"whiteLevel"`
	BlackLevel string `json:"blackLevel"`
	FEN        string `json:"fen"`
	PGN        string `json:"pgn"`
	// Variant is "standard" (or "") or "chess960"; Number, in Chess960
	// without a FEN, is the start position's number (0-959; nil: at
	// random).
	Variant string        `json:"variant"`
	Number  *int          `json:"number"`
	SpeedMs *int          `json:"speedMs"`
	Paused  bool          `json:"paused"`
	Clock   *ClockRequest `json:"clock"`
}

// ClockRequest is the time control of a new game, in seconds.
type ClockRequest struct {
	Limit     int `json:"limit"`
	Increment int `json:"increment"`
}

// NewGameResponse is the answer to POST /api/games.
type NewGameResponse struct {
	ID    string    `json:"id"`
	Token string    `json:"token"`
	Game  GameState `json:"game"`
}

// MoveRequest is the body of POST /api/games/{id}/moves.
type MoveRequest struct {
	Move string `json:"move"`
	Ply  *int   `json:"ply"`
}

// SettingsRequest is the body of PATCH /api/games/{id}.
type SettingsRequest struct {
	WhiteLevel *string `json:"whiteLevel"`
	BlackLevel *string `json:"blackLevel"`
	Paused     *bool   `json:"paused"`
	SpeedMs    *int    `json:"speedMs"`
}

// SideRequest is the (optional) body of the requests a side makes: resign
// and the draw offers.
type SideRequest struct {
	Color string `json:"color"`
}

// DrawOfferAnswer is the answer to POST /api/games/{id}/draw/offer.
type DrawOfferAnswer struct {
	Accepted bool            `json:"accepted"`
	Message  string          `json:"message"` // in English
	Code     string          `json:"code"`    // the answer's name: ai_accepts, ai_declines_better, ai_declines_open, offered, agreed
	Params   map[string]any  `json:"params,omitempty"`
	Game     json.RawMessage `json:"game"` // GameState
}

// Hint is the answer to POST /api/games/{id}/hint.
type Hint struct {
	Move  string `json:"move"`
	SAN   string `json:"san"`
	Score Score  `json:"score"`
	Depth int    `json:"depth"`
}

// AnalyseRequest is the body of POST /api/analyse.
type AnalyseRequest struct {
	FEN string `json:"fen"`
	// Moves (UCI or SAN) lead from FEN to the position checked.
	Moves []string `json:"moves"`
}

// Analysis is the answer to POST /api/analyse.
type Analysis struct {
	FEN    string   `json:"fen"`
	Turn   string   `json:"turn"`
	Legal  []string `json:"legal"`
	Check  bool     `json:"check"`
	Status string   `json:"status"`
	Result string   `json:"result"`
	Reason string   `json:"reason"`
	// Opening is the opening named after the position, or nil.
	Opening *opening.Opening `json:"opening"`
	// Moves are the request's moves, each with its SAN and the position
	// after it (absent when the request had none).
	Moves []MoveInfo `json:"moves,omitempty"`
}

// errorBody is the body of every error answer: the reason in English (for
// API users and logs), and its code with its values, which a front end says
// in the player's language (docs/server.md lists the codes), and the
// request's id (requestid.go), under which the log has the details.
type errorBody struct {
	Error     string         `json:"error"`
	Code      string         `json:"code"`
	Params    map[string]any `json:"params,omitempty"`
	RequestID string         `json:"requestId,omitempty"`
}
