package datagen

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// The files of a data directory.
const (
	// DataFile holds the records end to end (see Record), appended by
	// every run.
	DataFile = "positions.bin"
	// RunsFile says, one line per run, when it started, with which
	// program and flags, and how many records the file held before it.
	RunsFile = "runs.txt"
	// lockFile is held (flock) by the run writing the directory.
	lockFile = "lock"
)

// Store appends records to a data directory, a run at a time: a second
// Store on the same directory (in this process or another) fails to open
// while the first is open. Records are only ever appended whole, in one
// write per call to Append, so a run killed at any moment leaves every
// record it wrote intact but perhaps a torn last one; the next OpenStore
// cuts that tail off, and ReadRecords ignores it.
type Store struct {
	dir     string
	data    *os.File
	unlock  func()
	records int64
	torn    int64
}

// OpenStore opens the data directory dir for appending, creating it if
// needed, and removes a torn tail left by a killed run.
func OpenStore(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("datagen: %v", err)
	}
	unlock, err := LockDir(filepath.Join(dir, lockFile))
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(dir, DataFile), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		unlock()
		return nil, fmt.Errorf("datagen: %v", err)
	}
	s := &Store{dir: dir, data: f, unlock: unlock}
	if err := s.recover(); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// recover cuts a torn last record off and positions the file at its end.
func (s *Store) recover() error {
	info, err := s.data.Stat()
	if err != nil {
		return fmt.Errorf("datagen: %v", err)
	}
	size := info.Size()
	s.records = size / RecordSize
	s.torn = size % RecordSize
	if s.torn != 0 {
		if err := s.data.Truncate(s.records * RecordSize); err != nil {
			return fmt.Errorf("datagen: cutting the torn last record off %s: %v", s.data.Name(), err)
		}
	}
	if _, err := s.data.Seek(s.records*RecordSize, io.SeekStart); err != nil {
		return fmt.Errorf("datagen: %v", err)
	}
	return nil
}

// Len returns the number of records in the directory.
func (s *Store) Len() int64 { return s.records }

// Torn returns the size in bytes of the torn record OpenStore cut off (0
// when the last run ended cleanly).
func (s *Store) Torn() int64 { return s.torn }

// Append writes recs at the end of the data file in one write. After an
// error (a full disk) the file may end in a torn record, which the next
// OpenStore removes; the Store must not be used again.
func (s *Store) Append(recs []Record) error {
	if len(recs) == 0 {
		return nil
	}
	buf := make([]byte, 0, len(recs)*RecordSize)
	for i := range recs {
		buf = append(buf, recs[i][:]...)
	}
	if _, err := s.data.Write(buf); err != nil {
		return fmt.Errorf("datagen: writing records: %v", err)
	}
	s.records += int64(len(recs))
	return nil
}

// LogRun adds a line to the directory's runs file: the time, the number of
// records before the run, and what (which program, flags, seed) made the
// records that follow.
func (s *Store) LogRun(what string) error {
	f, err := os.OpenFile(filepath.Join(s.dir, RunsFile), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("datagen: %v", err)
	}
	_, err = fmt.Fprintf(f, "%s from record %d: %s\n", time.Now().UTC().Format(time.RFC3339), s.records, what)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("datagen: %v", err)
	}
	return nil
}

// Close closes the data file and releases the directory.
func (s *Store) Close() error {
	err := s.data.Close()
	s.unlock()
	if err != nil {
		return fmt.Errorf("datagen: %v", err)
	}
	return nil
}

// ReadRecords reads every whole record of a data directory (its DataFile)
// or of a data file, and checks each (see Record.Check). A torn last record,
// of a run in progress or killed, is ignored. It is safe to call while a
// run appends to the file: it reads the records present when it started.
func ReadRecords(path string) ([]Record, error) {
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		path = filepath.Join(path, DataFile)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("datagen: %v", err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("datagen: %v", err)
	}
	n := info.Size() / RecordSize
	recs := make([]Record, n)
	br := bufio.NewReaderSize(f, 1<<20)
	for i := range recs {
		if _, err := io.ReadFull(br, recs[i][:]); err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
				err = errors.New("the file became shorter while it was read")
			}
			return nil, fmt.Errorf("datagen: %s: record %d: %v", path, i, err)
		}
		if err := recs[i].Check(); err != nil {
			return nil, fmt.Errorf("%v (record %d of %s: not a file of positions, or damaged)", err, i, path)
		}
	}
	return recs, nil
}
