// Package datagen makes training data by self-play: the engine plays
// itself at a fixed budget per move from varied openings, and the quiet
// positions of its games are kept with the search's score and the game's
// result. "outpost datagen" writes them as 32-byte records for the
// network's trainer (internal/trainer) or, with --format texel, as text for
// the evaluation tuner (internal/tuner). docs/nnue-training.md says how to
// run it and what it measured.
//
// The ideas, and the file of each:
//
//	self-play games, adjudication, the quiet-position filter   selfplay.go (Run, Config, Game)
//	a game's opening: a line of the book, then random plies    openings.go (the book: internal/opening)
//	the 32-byte record of a position, score and result         record.go (Record, NewRecord)
//	the data directory: append-only, lock, torn-tail recovery  store.go (Store, ReadRecords), lock_*.go
//	which build made a run's records                           version.go (BuildVersion)
//
// A data directory only grows: each run appends whole records to
// positions.bin and notes itself in runs.txt, so generation can run for
// days in pieces, killed and restarted at will. The games of a run depend
// only on its seed, book and budget (and the engine), not on the number of
// threads.
package datagen
