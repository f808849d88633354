//go:build !unix

package main

import "os"

// pollable returns in unchanged: the stop-the-world freeze it works around
// on Unix (see stdin_unix.go) comes from reads in blocking system calls.
func pollable(in *os.File) (*os.File, func()) { return in, func() {} }
