package nnue

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync"
)

// nets holds the networks built into the binary: the directory nets/, in
// which the one file named outpost-<ID>.nnue (if any) is the embedded
// network, beside its manifest.
//
//go:embed nets
var nets embed.FS

var embedded struct {
	once sync.Once
	net  *Network
	name string
	err  error
}

// Embedded returns the network built into the binary and its file name
// (outpost-<ID>.nnue), read once and shared by every caller (a Network is
// read-only). It returns a nil network and no error when the binary has
// none, and an error if the embedded file is not a valid network or its
// name does not carry its ID (both caught by this package's tests).
func Embedded() (*Network, string, error) {
	embedded.once.Do(func() {
		embedded.net, embedded.name, embedded.err = readEmbedded(nets)
	})
	return embedded.net, embedded.name, embedded.err
}

// readEmbedded reads the one .nnue file in fsys's nets directory.
func readEmbedded(fsys fs.FS) (*Network, string, error) {
	names, err := fs.Glob(fsys, "nets/*.nnue")
	if err != nil || len(names) == 0 {
		return nil, "", err
	}
	if len(names) > 1 {
		return nil, "", fmt.Errorf("nnue: %d networks embedded (%s), want one", len(names), strings.Join(names, ", "))
	}
	data, err := fs.ReadFile(fsys, names[0])
	if err != nil {
		return nil, "", fmt.Errorf("nnue: reading the embedded network: %w", err)
	}
	name := path.Base(names[0])
	net, err := readNamed(bytes.NewReader(data), "the embedded network "+name)
	if err != nil {
		return nil, "", err
	}
	if want := FileName(net); name != want {
		return nil, "", fmt.Errorf("nnue: the embedded network is named %s, but its hash names it %s", name, want)
	}
	return net, name, nil
}

// FileName returns the name a network's file carries: outpost-<ID>.nnue,
// with the first 12 hex digits of its hash.
func FileName(n *Network) string { return "outpost-" + n.ID() + ".nnue" }
