package datagen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

// testRecords returns n distinct valid records.
func testRecords(n int) []Record {
	out := make([]Record, n)
	for i := range out {
		out[i] = NewRecord(chess.StartingPosition(), 0, Draw)
		out[i][24] = byte(i) // the score tells them apart
	}
	return out
}

func TestStoreAppendsAndRecovers(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	s, err := OpenStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	recs := testRecords(5)
	if err := s.LogRun("first run"); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(recs[:3]); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenStore(dir); err == nil || !strings.Contains(err.Error(), "another run") {
		t.Errorf("a second store on the same directory: error %v, want one saying another run writes it", err)
	}
	if got, err := ReadRecords(dir); err != nil || len(got) != 3 {
		t.Errorf("read while open: %d records, %v; want 3", len(got), err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	// A run killed in the middle of a write leaves a torn record.
	f, err := os.OpenFile(filepath.Join(dir, DataFile), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(recs[3][:13])
	f.Close()
	if got, err := ReadRecords(dir); err != nil || len(got) != 3 {
		t.Errorf("read with a torn tail: %d records, %v; want 3", len(got), err)
	}

	s, err = OpenStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() != 3 || s.Torn() != 13 {
		t.Errorf("reopened: %d records, %d torn bytes; want 3 and 13", s.Len(), s.Torn())
	}
	s.LogRun("second run")
	if err := s.Append(recs[3:]); err != nil {
		t.Fatal(err)
	}
	s.Close()
	got, err := ReadRecords(filepath.Join(dir, DataFile))
	if err != nil || len(got) != 5 {
		t.Fatalf("read: %d records, %v; want 5", len(got), err)
	}
	for i := range got {
		if got[i] != recs[i] {
			t.Errorf("record %d is %x, want %x", i, got[i], recs[i])
		}
	}
	runs, _ := os.ReadFile(filepath.Join(dir, RunsFile))
	if lines := strings.Split(strings.TrimSpace(string(runs)), "\n"); len(lines) != 2 ||
		!strings.HasSuffix(lines[0], "from record 0: first run") || !strings.HasSuffix(lines[1], "from record 3: second run") {
		t.Errorf("runs file:\n%s", runs)
	}
}

func TestReadRecordsErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadRecords(filepath.Join(dir, "missing")); err == nil {
		t.Error("a missing file was read")
	}
	text := filepath.Join(dir, "text.bin")
	os.WriteFile(text, []byte(strings.Repeat("not a file of chess positions\n", 4)), 0o644)
	if _, err := ReadRecords(text); err == nil || !strings.Contains(err.Error(), "record 0 of") {
		t.Errorf("a text file: error %v, want one naming record 0", err)
	}
}
