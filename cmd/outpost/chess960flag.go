package main

import (
	"fmt"
	"strconv"

	"github.com/outpost-chess/outpost/chess"
)

// chess960Flag is --chess960 [N] of "outpost play": given alone, a Chess960
// game from a start position drawn at random; with a number (--chess960=N,
// or N as the command's one argument), from start position N (0-959).
type chess960Flag struct {
	on     bool
	number int // -1: at random
}

// String returns the flag's value as it was given.
func (f *chess960Flag) String() string {
	switch {
	case f == nil || !f.on:
		return "false"
	case f.number < 0:
		return "true"
	}
	return strconv.Itoa(f.number)
}

// IsBoolFlag lets --chess960 stand alone.
func (f *chess960Flag) IsBoolFlag() bool { return true }

// Set reads "true" (at random), "false" or a start position's number.
func (f *chess960Flag) Set(s string) error {
	switch s {
	case "true":
		f.on, f.number = true, -1
		return nil
	case "false":
		f.on, f.number = false, -1
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("%q: want a start position number, 0 to %d", s, chess.Chess960Positions-1)
	}
	if _, err := chess.Chess960BackRank(n); err != nil {
		return fmt.Errorf("%s", plainErr(err))
	}
	f.on, f.number = true, n
	return nil
}

// start returns the start position the flag asks for.
func (f *chess960Flag) start() *chess.Position {
	if f.number < 0 {
		p, _ := chess.RandomChess960(nil)
		return p
	}
	p, _ := chess.NewChess960(f.number) // Set checked the number
	return p
}
