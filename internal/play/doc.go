// Package play is a game being played: the chess.Game, who plays each side
// (a person, or the AI at an engine.Level), the clock, takeback and redo,
// resignation, draw claims and draw offers. The rules of play are here,
// once; the web server (internal/server) and the terminal game
// (internal/tui) decode a request or a key, call a Game's method and show
// the result, so the two behave the same.
//
// # Keeping
//
// Every change is kept before it is made (see Keeper): the Game works out
// its record as it will be after the change, hands it to the Keeper, and
// changes itself only once the Keeper has returned. A change whose keeping
// fails is not made, so what a player is told is already kept. The record
// holds everything the game needs to go on, what redo would play and a
// standing draw offer included, so that another program can go on with it
// (servers sharing a database). StoreKeeper keeps a game in
// internal/store; RecordOf and Restore bring it back.
//
// # The rules
//
//   - Moves. A person moves on their side's turn with a legal move (Move,
//     MoveText); the AI's move comes from the search AISearch describes and
//     is played with PlayAI, unless the game changed meanwhile. A new move
//     clears what redo would play.
//   - Takeback (Takeback) is allowed while the game is on, and after it
//     ended on the board (checkmate, stalemate, a draw by rule, claimed or
//     not) in a game with the AI; never after a resignation, a draw by
//     agreement or a flag, and never after the end of a game between two
//     people. Against the AI it takes back the person's last move and the
//     AI's reply (only the person's move while the AI has not replied);
//     between two people, and between two AIs, one ply (a game between two
//     AIs is then paused). The clocks go back to what they showed in the
//     position it returns to.
//   - Redo (Redo) plays again exactly what the last takeback took back: the
//     same moves with their clock readings, and the end they had (a claimed
//     draw comes back with them). It is possible until a move is made or
//     the game ends otherwise.
//   - Resignation (Resign) ends the game for either side while it is on.
//   - Draw claims (ClaimDraw): threefold repetition or the fifty-move rule,
//     when the position allows it (chess.Game.ClaimableDraw), by either
//     side.
//   - Draw offers. A person offers a draw to a person (OfferDraw); the
//     offer stands until accepted (AcceptDraw, or a draw offered in turn),
//     declined (DeclineDraw) or answered by a move; a takeback, redo or the
//     end withdraws it. Offered to the AI (DrawJudgement, AnswerDraw), the
//     AI answers at once from a search of the position at full strength
//     (depth 10, at most half a second, the same judge at every level): it
//     accepts when the search scores the position, from its own side,
//     exactly 0.00 (a dead draw) or -0.50 or worse (it stands worse), and
//     declines otherwise, saying why (AIAcceptsDraw, DrawAnswer.Text). The
//     AI never offers a draw.
//   - Pause (SetPaused): the AI does not move and no clock runs; a person
//     may still move.
//
// # Clocks
//
// A TimeControl is a limit and an increment, as lichess writes them ("3+2":
// 3 minutes, 2 seconds a move). As on lichess, a side's clock starts only
// once it has made its first move: its first move is charged nothing and
// adds no increment; after that the increment is added after each move,
// and a side whose time runs out loses (chess.TimeForfeit), unless the
// other side could never checkmate (chess.Position.CanCheckmate), which
// draws (FIDE article 6.9). A person whose first move does not come within
// FirstMoveLimit (FirstMoveLimitAI against the AI) has the game aborted
// (chess.Aborted: no result); the AI's first move has no limit. Every change
// checks the flag and the abort first; a front end also calls CheckFlag
// when FlagIn says the time is up, so a game ends with nobody acting. A move's clock reading (chess.Game.Clock)
// is its player's time after it, the increment included. The time a change
// takes to keep is charged to nobody: a clock that a change starts runs
// from when it is kept. Time is read from Options.Now, a fake one in tests. The AI thinks within its clock: the
// engine's time manager plans with its time left, less MoveOverhead, and the
// increment; a level's caps still apply. A program that stops with a game
// on calls Suspend, and the one that goes on with it calls Resume, so that
// the time in between is charged to nobody.
//
// Files: game.go (Game, New, Restore, the moves, takeback, redo, ends),
// clock.go (the clock), ai.go (the AI's move), draw.go (draw offers),
// player.go (Player), timecontrol.go (TimeControl), keep.go (Keeper,
// Record), store.go (StoreKeeper, RecordOf), pgn.go (PGN export, with the opening's name),
// variant.go (Chess960: how a store keeps the start, the game's label).
package play
