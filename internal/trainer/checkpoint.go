package trainer

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/outpost-chess/outpost/internal/datagen"
)

// The checkpoint file (all integers little-endian):
//
//	magic "OUTPCKPT", version (uint32, checkpointVersion),
//	the length of the header (uint32) and the header, JSON: the Config, the
//	epoch and batch to train next, Adam's step count, the best epoch so far;
//	the model's parameters, then Adam's m and v, as float32 (3 × P values,
//	P the parameter count of the Config's shape: 768NH + H + 2MH + M, N king
//	buckets (1 without) and M output buckets);
//	the SHA-256 of everything before it.
//
// It holds all a run needs to continue exactly where it stopped, the data
// aside: the data directory only grows, and Config.Records says how much of
// it the run uses.
const (
	checkpointMagic   = "OUTPCKPT"
	checkpointVersion = 1
)

// checkpointHeader is the JSON header of a checkpoint.
type checkpointHeader struct {
	Config Config
	Epoch  int
	Batch  int
	Step   int64
	Best   Best
}

// Checkpoint is a saved run: its configuration, its place, the model and
// the optimiser's state.
type Checkpoint struct {
	checkpointHeader
	model *Model
	opt   *adam
}

// Model returns the checkpoint's model.
func (c *Checkpoint) Model() *Model { return c.model }

// WriteCheckpoint writes the trainer's state to w.
func (t *Trainer) WriteCheckpoint(w io.Writer) error {
	head, err := json.Marshal(checkpointHeader{Config: t.cfg, Epoch: t.epoch, Batch: t.batch, Step: t.opt.step, Best: t.best})
	if err != nil {
		return fmt.Errorf("trainer: %v", err)
	}
	var buf bytes.Buffer
	buf.WriteString(checkpointMagic)
	binary.Write(&buf, binary.LittleEndian, uint32(checkpointVersion))
	binary.Write(&buf, binary.LittleEndian, uint32(len(head)))
	buf.Write(head)
	for _, s := range [][]float32{t.model.Params, t.opt.m, t.opt.v} {
		binary.Write(&buf, binary.LittleEndian, s)
	}
	sum := sha256.Sum256(buf.Bytes())
	buf.Write(sum[:])
	if _, err := w.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("trainer: writing the checkpoint: %v", err)
	}
	return nil
}

// ReadCheckpoint reads a checkpoint written by WriteCheckpoint, checking
// its magic, version, length and hash.
func ReadCheckpoint(r io.Reader) (*Checkpoint, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("trainer: reading the checkpoint: %v", err)
	}
	bad := func(why string) error { return fmt.Errorf("trainer: not a valid checkpoint: %s", why) }
	if len(data) < len(checkpointMagic)+8+sha256.Size || string(data[:8]) != checkpointMagic {
		return nil, bad("it does not start as a checkpoint does")
	}
	body, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if got := sha256.Sum256(body); !bytes.Equal(got[:], sum) {
		return nil, bad("its checksum does not match (truncated or damaged)")
	}
	if v := binary.LittleEndian.Uint32(body[8:]); v != checkpointVersion {
		return nil, bad(fmt.Sprintf("format version %d, this program reads %d", v, checkpointVersion))
	}
	n := int(binary.LittleEndian.Uint32(body[12:]))
	if 16+n > len(body) {
		return nil, bad("its header is cut short")
	}
	var c Checkpoint
	if err := json.Unmarshal(body[16:16+n], &c.checkpointHeader); err != nil {
		return nil, bad(err.Error())
	}
	shape, err := c.Config.Shape()
	if err != nil {
		return nil, bad(err.Error())
	}
	p := paramCount(shape)
	floats := body[16+n:]
	if len(floats) != 3*4*p {
		return nil, bad(fmt.Sprintf("%d bytes of weights, want %d for the network %s", len(floats), 3*4*p, shape))
	}
	read := func(i int) []float32 {
		s := make([]float32, p)
		for j := range s {
			s[j] = math.Float32frombits(binary.LittleEndian.Uint32(floats[4*(i*p+j):]))
		}
		return s
	}
	c.model = newModel(shape)
	c.model.Params = read(0)
	c.model.bind()
	c.model.syncOutput()
	c.opt = &adam{m: read(1), v: read(2), step: c.Step}
	return &c, nil
}

// Resume returns a trainer that continues the checkpoint's run on recs,
// the same data (or the data it has grown into: only the first
// Config.Records records are used), with threads goroutines.
func Resume(c *Checkpoint, recs []datagen.Record, threads int) (*Trainer, error) {
	cfg := c.Config
	cfg.Threads = threads
	cfg = cfg.withDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	t, err := newTrainer(cfg, c.model, c.opt, recs)
	if err != nil {
		return nil, err
	}
	if c.Epoch < 0 || c.Batch < 0 || c.Batch > t.BatchesPerEpoch() {
		return nil, fmt.Errorf("trainer: the checkpoint is at batch %d of epoch %d, which this data does not have", c.Batch, c.Epoch)
	}
	t.epoch, t.batch, t.best = c.Epoch, c.Batch, c.Best
	return t, nil
}

// SaveCheckpoint writes the trainer's state to the file path, atomically:
// into a temporary file beside it, synced, then renamed over it, so that a
// crash leaves the old checkpoint or the new one, never a torn one.
func (t *Trainer) SaveCheckpoint(path string) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("trainer: %v", err)
	}
	defer os.Remove(tmp.Name()) // after a successful rename, there is nothing to remove
	err = t.WriteCheckpoint(tmp)
	if err == nil {
		err = tmp.Chmod(0o644)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("trainer: saving the checkpoint: %w", err)
	}
	return nil
}

// LoadCheckpoint reads the checkpoint file at path. Its error wraps
// fs.ErrNotExist when there is none.
func LoadCheckpoint(path string) (*Checkpoint, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("trainer: %w", err)
	}
	defer f.Close()
	c, err := ReadCheckpoint(f)
	if err != nil {
		return nil, fmt.Errorf("%w (%s)", err, path)
	}
	return c, nil
}
