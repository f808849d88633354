package nnue

import (
	"bytes"
	"crypto/sha256"
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
	want := headerSize + len(n.shapeBlock()) + payloadSize(n.Shape)
	if written != int64(buf.Len()) || written != int64(want) {
		t.Fatalf("WriteTo reported %d bytes, wrote %d, want %d", written, buf.Len(), want)
	}
	return buf.Bytes()
}

// bucketed returns the version 2 shape of width h, n king buckets (a
// layout of KingBucketLayout) and m output buckets.
func bucketed(t testing.TB, h, n, m int) Shape {
	t.Helper()
	layout, err := KingBucketLayout(n)
	if err != nil {
		t.Fatal(err)
	}
	return Shape{Hidden: h, KingBuckets: layout, OutputBuckets: m}
}

func TestRoundTrip(t *testing.T) {
	for _, s := range []Shape{
		{Hidden: 16, OutputBuckets: 1}, {Hidden: 64, OutputBuckets: 1}, {Hidden: 256, OutputBuckets: 1},
		bucketed(t, 16, 1, 1), bucketed(t, 32, 4, 8), bucketed(t, 512, 8, 8),
	} {
		n := s.Random(uint64(s.Hidden))
		n.OutputBias[0] = -123456789
		data := encode(t, n)
		if v := binary.LittleEndian.Uint32(data[8:]); v != uint32(s.Version()) {
			t.Fatalf("%v: written as version %d, want %d", s, v, s.Version())
		}
		got, err := Read(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%v: %v", s, err)
		}
		if !reflect.DeepEqual(got, n) {
			t.Fatalf("%v: the network read differs from the one written", s)
		}
		if got.ID() != n.ID() || len(n.ID()) != 12 {
			t.Fatalf("%v: ID %q after reading, %q before", s, got.ID(), n.ID())
		}
	}
}

// TestVersion1FileUnchanged checks that a version 1 network's file is
// still the payload's hash and the same bytes: the embedded network's name
// (its hash) and the bench's node count rest on it.
func TestVersion1FileUnchanged(t *testing.T) {
	n := Random(16, 1)
	data := encode(t, n)
	if len(data) != 68+2*(768*16+16+32)+4 {
		t.Fatalf("a version 1 file of H=16 has %d bytes", len(data))
	}
	if sum := sha256.Sum256(data[68:]); !bytes.Equal(sum[:], data[36:68]) {
		t.Fatal("a version 1 file's hash is not the SHA-256 of its payload")
	}
}

func TestIDDependsOnEveryWeight(t *testing.T) {
	n := Random(16, 1)
	id := n.ID()
	n.OutputWeights[31]++
	if n.ID() == id {
		t.Fatal("changing an output weight kept the ID")
	}
	v2 := bucketed(t, 16, 4, 8).Random(1)
	id = v2.ID()
	v2.KingBuckets[0], v2.KingBuckets[2] = v2.KingBuckets[2], v2.KingBuckets[0]
	if v2.ID() == id {
		t.Fatal("changing the king bucket layout kept the ID")
	}
}

// TestReadRejects checks that every kind of wrong file is an ErrFormat error
// whose message names the problem.
func TestReadRejects(t *testing.T) {
	good := encode(t, Random(32, 7))
	good2 := encode(t, bucketed(t, 32, 4, 8).Random(7))
	patchIn := func(file []byte, off int, v uint32) []byte {
		b := bytes.Clone(file)
		binary.LittleEndian.PutUint32(b[off:], v)
		return b
	}
	patch := func(off int, v uint32) []byte { return patchIn(good, off, v) }
	flip := func(off int) []byte {
		b := bytes.Clone(good)
		b[off] ^= 1
		return b
	}
	layoutSkipping := bytes.Clone(good2)
	layoutSkipping[44], layoutSkipping[45] = 1, 1 // bucket 0 (e1, f1) becomes 1
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
		{"version 3", patch(8, 3), "format version 3, this program reads versions 1 to 2"},
		{"version 2: inside the shape block", good2[:80], "truncated"},
		{"version 2: payload cut short", good2[:len(good2)-1], "truncated"},
		{"version 2: king buckets", patchIn(good2, 36, 5), "the header says 5 king buckets, its layout has 4"},
		{"version 2: no output bucket", patchIn(good2, 40, 0), "0 output buckets are not supported"},
		{"version 2: 17 output buckets", patchIn(good2, 40, 17), "17 output buckets are not supported"},
		{"version 2: a layout that skips a bucket", layoutSkipping, "the king bucket layout skips bucket 0 of 4"},
		{"version 2: another layout", patchIn(good2, 44, 0x01000100), "hash"},
		{"version 2: trailing data", append(bytes.Clone(good2), 0), "more data"},
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
