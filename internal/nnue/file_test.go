package nnue

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

func encode(t *testing.T, n *Network) []byte {
	t.Helper()
	var buf bytes.Buffer
	written, err := n.WriteTo(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if written != int64(buf.Len()) || written != int64(headerSize+payloadSize(n.Hidden)) {
		t.Fatalf("WriteTo reported %d bytes, wrote %d, want %d", written, buf.Len(), headerSize+payloadSize(n.Hidden))
	}
	return buf.Bytes()
}

func TestRoundTrip(t *testing.T) {
	for _, h := range []int{16, 64, 256} {
		n := Random(h, uint64(h))
		n.OutputBias = -123456789
		got, err := Read(bytes.NewReader(encode(t, n)))
		if err != nil {
			t.Fatalf("H=%d: %v", h, err)
		}
		if !reflect.DeepEqual(got, n) {
			t.Fatalf("H=%d: the network read differs from the one written", h)
		}
		if got.ID() != n.ID() || len(n.ID()) != 12 {
			t.Fatalf("H=%d: ID %q after reading, %q before", h, got.ID(), n.ID())
		}
	}
}

func TestIDDependsOnEveryWeight(t *testing.T) {
	n := Random(16, 1)
	id := n.ID()
	n.OutputWeights[31]++
	if n.ID() == id {
		t.Fatal("changing an output weight kept the ID")
	}
}

// TestReadRejects checks that every kind of wrong file is an ErrFormat error
// whose message names the problem.
func TestReadRejects(t *testing.T) {
	good := encode(t, Random(32, 7))
	patch := func(off int, v uint32) []byte {
		b := bytes.Clone(good)
		binary.LittleEndian.PutUint32(b[off:], v)
		return b
	}
	flip := func(off int) []byte {
		b := bytes.Clone(good)
		b[off] ^= 1
		return b
	}
	tests := []struct {
		name string
		file []byte
		want string
	}{
		{"empty", nil, "truncated"},
		{"half the magic", good[:4], "truncated"},
		{"inside the header", good[:40], "truncated"},
		{"payload cut short", good[:len(good)-1], "truncated"},
		{"header only", good[:headerSize], "truncated"},
		{"wrong magic", append([]byte("OUTPNNUF"), good[8:]...), "does not start with"},
		{"short text file", []byte("hello"), "does not start with"},
		{"a text file", []byte(strings.Repeat("not a network\n", 20)), "does not start with"},
		{"version 2", patch(8, 2), "format version 2"},
		{"version 0", patch(8, 0), "format version 0"},
		{"inputs", patch(12, 769), "inputs 769"},
		{"hidden not a multiple of 16", patch(16, 33), "hidden layer of 33"},
		{"hidden zero", patch(16, 0), "hidden layer of 0"},
		{"hidden huge", patch(16, 1<<30), "hidden layer of"},
		{"hidden larger than the payload", patch(16, 64), "truncated"},
		{"activation", patch(20, 2), "activation 2"},
		{"QA", patch(24, 127), "QA 127"},
		{"QB", patch(28, 128), "QB 128"},
		{"scale", patch(32, 600), "scale 600"},
		{"damaged hash", flip(40), "hash"},
		{"damaged weight", flip(headerSize + 100), "hash"},
		{"damaged output bias", flip(len(good) - 1), "hash"},
		{"trailing data", append(bytes.Clone(good), 0), "more data"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := Read(bytes.NewReader(tt.file))
			if err == nil {
				t.Fatalf("Read accepted it (H=%d)", n.Hidden)
			}
			if !errors.Is(err, ErrFormat) {
				t.Errorf("error %q does not wrap ErrFormat", err)
			}
			if !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "nnue: ") {
				t.Errorf("error %q, want one starting with \"nnue: \" and containing %q", err, tt.want)
			}
		})
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, io.ErrClosedPipe }

func TestReadPassesReaderErrors(t *testing.T) {
	_, err := Read(failingReader{})
	if !errors.Is(err, io.ErrClosedPipe) || errors.Is(err, ErrFormat) {
		t.Fatalf("got %v, want the reader's error and not ErrFormat", err)
	}
}

func TestWriteToRejectsInvalidNetworks(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Network)
	}{
		{"hidden 0", func(n *Network) { n.Hidden = 0 }},
		{"hidden 24", func(n *Network) { n.Hidden = 24 }},
		{"short feature weights", func(n *Network) { n.FeatureWeights = n.FeatureWeights[1:] }},
		{"long feature biases", func(n *Network) { n.FeatureBias = append(n.FeatureBias, 0) }},
		{"missing output weights", func(n *Network) { n.OutputWeights = nil }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := Random(32, 3)
			tt.change(n)
			var buf bytes.Buffer
			if _, err := n.WriteTo(&buf); err == nil || buf.Len() != 0 {
				t.Fatalf("WriteTo: err %v after writing %d bytes, want an error and nothing written", err, buf.Len())
			}
		})
	}
}

type shortWriter struct{ room int }

func (w *shortWriter) Write(p []byte) (int, error) {
	if len(p) > w.room {
		n := w.room
		w.room = 0
		return n, io.ErrShortWrite
	}
	w.room -= len(p)
	return len(p), nil
}

func TestWriteToReportsWriterErrors(t *testing.T) {
	for _, room := range []int{0, 10, headerSize, headerSize + 5} {
		written, err := Random(16, 1).WriteTo(&shortWriter{room: room})
		if !errors.Is(err, io.ErrShortWrite) || written != int64(room) {
			t.Errorf("room %d: wrote %d, err %v; want %d and ErrShortWrite", room, written, err, room)
		}
	}
}
