package nnue

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// The file format (all integers little-endian):
//
//	offset size
//	0      8    magic "OUTPNNUE"
//	8      4    format version: 1 or 2 (the shape's Version)
//	12     4    inputs (Inputs)
//	16     4    hidden width H
//	20     4    activation (ActivationSCReLU)
//	24     4    QA
//	28     4    QB
//	32     4    Scale
//
// then, in version 1,
//
//	36     32   SHA-256 of the payload
//	68     ...  payload: FeatureWeights (Inputs×H int16), FeatureBias (H int16),
//	            OutputWeights (2×H int16), OutputBias (1 int32)
//
// and in version 2 the shape block and a hash that covers it too,
//
//	36     4    king buckets N
//	40     4    output buckets M
//	44     32   the king bucket layout (KingSquares bytes, Shape.KingBuckets)
//	76     32   SHA-256 of the shape block (offsets 36 to 75) and the payload
//	108    ...  payload: FeatureWeights (N×Inputs×H int16), FeatureBias (H int16),
//	            OutputWeights (M×2×H int16), OutputBias (M int32)
//
// and nothing after the payload.
const (
	// Magic opens every network file.
	Magic = "OUTPNNUE"
	// FormatVersion is the newest version of the file format this package
	// reads and writes; it reads and writes every version from 1 (a
	// network is written in its shape's version).
	FormatVersion = 2
	// ActivationSCReLU names the squared clipped ReLU, the only activation.
	ActivationSCReLU = 1
	headerSize       = 8 + 7*4 + sha256.Size
	shapeBlockSize   = 4 + 4 + KingSquares
)

// ErrFormat is matched (errors.Is) by every error [Read] returns for a file
// that is not a valid network, as opposed to an error of the underlying
// reader.
var ErrFormat = errors.New("nnue: not a valid network file")

// formatError is what is wrong with a file that is not a valid network.
type formatError struct {
	file   string // the file's name, when known
	reason string
}

func (e *formatError) Error() string {
	if e.file != "" {
		return fmt.Sprintf("nnue: %s is not a valid network file: %s", e.file, e.reason)
	}
	return "nnue: not a valid network file: " + e.reason
}

func (e *formatError) Is(target error) bool { return target == ErrFormat }

// errorf returns a formatError whose reason is the formatted message.
func errorf(format string, args ...any) error {
	return &formatError{reason: fmt.Sprintf(format, args...)}
}

// payloadSize returns the payload's length in bytes for shape s.
func payloadSize(s Shape) int {
	h, m := s.Hidden, s.OutputBuckets
	return 2*(s.KingBucketCount()*Inputs*h+h+m*2*h) + 4*m
}

// shapeBlock returns the shape block of a version 2 file (nil for version 1).
func (s Shape) shapeBlock() []byte {
	if s.Version() == 1 {
		return nil
	}
	b := binary.LittleEndian.AppendUint32(nil, uint32(s.KingBucketCount()))
	b = binary.LittleEndian.AppendUint32(b, uint32(s.OutputBuckets))
	return append(b, s.KingBuckets...)
}

// shapeOf reads a version 2 shape block for hidden width h.
func shapeOf(block []byte, h int) (Shape, error) {
	s := Shape{Hidden: h, KingBuckets: append([]uint8(nil), block[8:]...),
		OutputBuckets: int(binary.LittleEndian.Uint32(block[4:]))}
	if err := s.Validate(); err != nil {
		return s, errorf("%s", strings.TrimPrefix(err.Error(), "nnue: "))
	}
	if n := int(binary.LittleEndian.Uint32(block)); n != s.KingBucketCount() {
		return s, errorf("the header says %d king buckets, its layout has %d", n, s.KingBucketCount())
	}
	return s, nil
}

// hashOf returns the hash a file of shape s and this payload carries.
func hashOf(s Shape, payload []byte) [sha256.Size]byte {
	d := sha256.New()
	d.Write(s.shapeBlock())
	d.Write(payload)
	var sum [sha256.Size]byte
	d.Sum(sum[:0])
	return sum
}

// payload returns the network's payload bytes.
func (n *Network) payload() []byte {
	buf := make([]byte, 0, payloadSize(n.Shape))
	for _, s := range [][]int16{n.FeatureWeights, n.FeatureBias, n.OutputWeights} {
		for _, v := range s {
			buf = binary.LittleEndian.AppendUint16(buf, uint16(v))
		}
	}
	for _, v := range n.OutputBias {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(v))
	}
	return buf
}

// Hash returns the hash the network's file carries: the SHA-256 of its
// payload (version 1), or of its shape block and payload (version 2). It
// panics if the network is invalid (see [Network.Validate]).
func (n *Network) Hash() [sha256.Size]byte {
	if err := n.Validate(); err != nil {
		panic(err)
	}
	return hashOf(n.Shape, n.payload())
}

// ID returns the first 12 hex digits of the network's [Network.Hash]: the name
// by which Outpost reports a net and names its file (outpost-<ID>.nnue).
func (n *Network) ID() string {
	h := n.Hash()
	return hex.EncodeToString(h[:6])
}

// WriteTo writes the network in the file format to w, returning the number of
// bytes written. It fails without writing if the network is invalid.
func (n *Network) WriteTo(w io.Writer) (int64, error) {
	if err := n.Validate(); err != nil {
		return 0, err
	}
	payload := n.payload()
	header := make([]byte, 0, headerSize+shapeBlockSize)
	header = append(header, Magic...)
	for _, v := range []int{n.Version(), Inputs, n.Hidden, ActivationSCReLU, QA, QB, Scale} {
		header = binary.LittleEndian.AppendUint32(header, uint32(v))
	}
	header = append(header, n.shapeBlock()...)
	sum := hashOf(n.Shape, payload)
	header = append(header, sum[:]...)
	written, err := w.Write(header)
	if err != nil {
		return int64(written), fmt.Errorf("nnue: writing the network: %w", err)
	}
	m, err := w.Write(payload)
	written += m
	if err != nil {
		return int64(written), fmt.Errorf("nnue: writing the network: %w", err)
	}
	return int64(written), nil
}

// Read reads a network written by [Network.WriteTo], of either version.
// It checks the magic, the format version, the architecture (inputs,
// activation, quantisation constants, a shape this package supports), the
// payload's length and its hash, and that nothing follows it; a file that
// fails a check gives an error wrapping [ErrFormat] that says which.
func Read(r io.Reader) (*Network, error) {
	header := make([]byte, headerSize)
	if n, err := io.ReadFull(r, header); err != nil {
		return nil, truncated(err, n, header)
	}
	if string(header[:len(Magic)]) != Magic {
		return nil, errorf("it does not start with %q", Magic)
	}
	field := func(i int) int { return int(binary.LittleEndian.Uint32(header[len(Magic)+4*i:])) }
	version := field(0)
	if version < 1 || version > FormatVersion {
		return nil, errorf("format version %d, this program reads versions 1 to %d", version, FormatVersion)
	}
	for _, c := range []struct {
		name      string
		got, want int
	}{
		{"inputs", field(1), Inputs},
		{"activation", field(3), ActivationSCReLU},
		{"QA", field(4), QA},
		{"QB", field(5), QB},
		{"scale", field(6), Scale},
	} {
		if c.got != c.want {
			return nil, errorf("the header says %s %d, this program supports %d", c.name, c.got, c.want)
		}
	}
	shape := Shape{Hidden: field(2), OutputBuckets: 1}
	want := header[len(Magic)+7*4:]
	if version == 2 {
		// The shape block sits where version 1 has its hash; the hash follows it.
		rest := make([]byte, shapeBlockSize)
		if n, err := io.ReadFull(r, rest); err != nil {
			return nil, truncated(err, headerSize+n, header)
		}
		block := append(want[:len(want):len(want)], rest...)
		var err error
		if shape, err = shapeOf(block[:shapeBlockSize], field(2)); err != nil {
			return nil, err
		}
		want = block[shapeBlockSize:]
	}
	if err := shape.Validate(); err != nil {
		return nil, errorf("%s", strings.TrimPrefix(err.Error(), "nnue: "))
	}
	payload := make([]byte, payloadSize(shape))
	if n, err := io.ReadFull(r, payload); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, errorf("the file is truncated: %d of the %d payload bytes", n, len(payload))
		}
		return nil, fmt.Errorf("nnue: reading the network: %w", err)
	}
	if n, _ := io.ReadFull(r, make([]byte, 1)); n != 0 {
		return nil, errorf("there is more data after the network's %d payload bytes", len(payload))
	}
	if sum := hashOf(shape, payload); !bytes.Equal(sum[:], want) {
		return nil, errorf("the payload's hash %x does not match the header's %x (the file is damaged)", sum[:6], want[:6])
	}
	return decode(shape, payload), nil
}

// truncated returns the error of a header cut short after n bytes (err an
// EOF), or of a failing reader.
func truncated(err error, n int, header []byte) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		if !bytes.HasPrefix([]byte(Magic), header[:min(n, len(Magic))]) {
			return errorf("it does not start with %q", Magic)
		}
		return errorf("the file is truncated: it ends after %d bytes, inside the header", n)
	}
	return fmt.Errorf("nnue: reading the network: %w", err)
}

// decode returns the network of shape s whose payload is payload (of
// payloadSize(s) bytes).
func decode(s Shape, payload []byte) *Network {
	net := s.New()
	off := 0
	for _, w := range [][]int16{net.FeatureWeights, net.FeatureBias, net.OutputWeights} {
		for i := range w {
			w[i] = int16(binary.LittleEndian.Uint16(payload[off:]))
			off += 2
		}
	}
	for i := range net.OutputBias {
		net.OutputBias[i] = int32(binary.LittleEndian.Uint32(payload[off:]))
		off += 4
	}
	return net
}

// ReadFile reads the network in the named file (see [Read]). Its errors
// name the file.
func ReadFile(name string) (*Network, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("nnue: %w", err)
	}
	defer f.Close()
	return readNamed(bufio.NewReader(f), name)
}

// readNamed is Read with errors that name the file.
func readNamed(r io.Reader, name string) (*Network, error) {
	net, err := Read(r)
	var fe *formatError
	if errors.As(err, &fe) {
		fe.file = name
	} else if err != nil {
		err = fmt.Errorf("nnue: reading %s: %w", name, errors.Unwrap(err))
	}
	return net, err
}
