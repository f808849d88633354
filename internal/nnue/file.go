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
//	8      4    format version (FormatVersion)
//	12     4    inputs (Inputs)
//	16     4    hidden width H
//	20     4    activation (ActivationSCReLU)
//	24     4    QA
//	28     4    QB
//	32     4    Scale
//	36     32   SHA-256 of the payload
//	68     ...  payload: FeatureWeights (Inputs×H int16), FeatureBias (H int16),
//	            OutputWeights (2×H int16), OutputBias (int32)
//
// and nothing after the payload.
const (
	// Magic opens every network file.
	Magic = "OUTPNNUE"
	// FormatVersion is the version of the file format this package reads and writes.
	FormatVersion = 1
	// ActivationSCReLU names the squared clipped ReLU, the only activation of version 1.
	ActivationSCReLU = 1
	headerSize       = 8 + 7*4 + sha256.Size
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

// payloadSize returns the payload's length in bytes for hidden width h.
func payloadSize(h int) int { return 2*(Inputs*h+h+2*h) + 4 }

// payload returns the network's payload bytes.
func (n *Network) payload() []byte {
	buf := make([]byte, 0, payloadSize(n.Hidden))
	for _, s := range [][]int16{n.FeatureWeights, n.FeatureBias, n.OutputWeights} {
		for _, v := range s {
			buf = binary.LittleEndian.AppendUint16(buf, uint16(v))
		}
	}
	return binary.LittleEndian.AppendUint32(buf, uint32(n.OutputBias))
}

// Hash returns the SHA-256 of the network's payload, the hash its file
// carries. It panics if the network is invalid (see [Network.Validate]).
func (n *Network) Hash() [sha256.Size]byte {
	if err := n.Validate(); err != nil {
		panic(err)
	}
	return sha256.Sum256(n.payload())
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
	header := make([]byte, 0, headerSize)
	header = append(header, Magic...)
	for _, v := range []int{FormatVersion, Inputs, n.Hidden, ActivationSCReLU, QA, QB, Scale} {
		header = binary.LittleEndian.AppendUint32(header, uint32(v))
	}
	sum := sha256.Sum256(payload)
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

// Read reads a network written by [Network.WriteTo]. It checks the magic,
// the format version, the architecture (inputs, activation, quantisation
// constants, a hidden width this package supports), the payload's length and
// its hash, and that nothing follows it; a file that fails a check gives an
// error wrapping [ErrFormat] that says which.
func Read(r io.Reader) (*Network, error) {
	header := make([]byte, headerSize)
	if n, err := io.ReadFull(r, header); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			if !bytes.HasPrefix([]byte(Magic), header[:min(n, len(Magic))]) {
				return nil, errorf("it does not start with %q", Magic)
			}
			return nil, errorf("the file is truncated: it ends after %d bytes, inside the %d-byte header", n, headerSize)
		}
		return nil, fmt.Errorf("nnue: reading the network: %w", err)
	}
	if string(header[:len(Magic)]) != Magic {
		return nil, errorf("it does not start with %q", Magic)
	}
	field := func(i int) int { return int(binary.LittleEndian.Uint32(header[len(Magic)+4*i:])) }
	if v := field(0); v != FormatVersion {
		return nil, errorf("format version %d, this program reads version %d", v, FormatVersion)
	}
	h := field(2)
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
	if err := checkHidden(h); err != nil {
		return nil, errorf("%s", strings.TrimPrefix(err.Error(), "nnue: "))
	}
	payload := make([]byte, payloadSize(h))
	if n, err := io.ReadFull(r, payload); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, errorf("the file is truncated: %d of the %d payload bytes", n, len(payload))
		}
		return nil, fmt.Errorf("nnue: reading the network: %w", err)
	}
	if n, _ := io.ReadFull(r, make([]byte, 1)); n != 0 {
		return nil, errorf("there is more data after the network's %d payload bytes", len(payload))
	}
	want := header[len(Magic)+7*4:]
	if sum := sha256.Sum256(payload); !bytes.Equal(sum[:], want) {
		return nil, errorf("the payload's hash %x does not match the header's %x (the file is damaged)", sum[:6], want[:6])
	}
	net := New(h)
	off := 0
	for _, s := range [][]int16{net.FeatureWeights, net.FeatureBias, net.OutputWeights} {
		for i := range s {
			s[i] = int16(binary.LittleEndian.Uint16(payload[off:]))
			off += 2
		}
	}
	net.OutputBias = int32(binary.LittleEndian.Uint32(payload[off:]))
	return net, nil
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
