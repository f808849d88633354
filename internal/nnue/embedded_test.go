package nnue

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

// TestEmbedded checks the network built into this binary, if any: it reads,
// and its file name carries its ID.
func TestEmbedded(t *testing.T) {
	net, name, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	if net == nil {
		if name != "" {
			t.Fatalf("no network but a name %q", name)
		}
		t.Log("no network is embedded")
		return
	}
	if name != FileName(net) {
		t.Fatalf("embedded as %s, want %s", name, FileName(net))
	}
}

func TestReadEmbedded(t *testing.T) {
	net := Random(32, 4)
	file := encode(t, net)
	name := "nets/" + FileName(net)
	readme := &fstest.MapFile{Data: []byte("about the nets")}
	tests := []struct {
		name    string
		fsys    fstest.MapFS
		want    *Network
		wantErr string
	}{
		{"none", fstest.MapFS{"nets/README.md": readme}, nil, ""},
		{"one", fstest.MapFS{"nets/README.md": readme, name: {Data: file}}, net, ""},
		{"two", fstest.MapFS{name: {Data: file}, "nets/outpost-000000000000.nnue": {Data: file}}, nil, "2 networks"},
		{"misnamed", fstest.MapFS{"nets/outpost-000000000000.nnue": {Data: file}}, nil, "its hash names it " + FileName(net)},
		{"damaged", fstest.MapFS{name: {Data: file[:len(file)-3]}}, nil, "the embedded network " + FileName(net) + " is not a valid network file: the file is truncated"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, gotName, err := readEmbedded(tt.fsys)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) || (got != nil && gotName != FileName(got)) {
				t.Fatalf("got network %v named %q", got != nil, gotName)
			}
		})
	}
}

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	net := Random(16, 8)
	good := filepath.Join(dir, FileName(net))
	if err := os.WriteFile(good, encode(t, net), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ReadFile(good)
	if err != nil || !reflect.DeepEqual(got, net) {
		t.Fatalf("ReadFile(%s): %v", good, err)
	}
	bad := filepath.Join(dir, "bad.nnue")
	if err := os.WriteFile(bad, []byte("OUTPNNUE"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = ReadFile(bad)
	if want := "nnue: " + bad + " is not a valid network file: the file is truncated"; err == nil || !strings.HasPrefix(err.Error(), want) || !errors.Is(err, ErrFormat) {
		t.Errorf("ReadFile(bad) = %v, want an ErrFormat starting %q", err, want)
	}
	missing := filepath.Join(dir, "missing.nnue")
	if _, err := ReadFile(missing); !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), missing) {
		t.Errorf("ReadFile(missing) = %v, want a not-exist error naming the file", err)
	}
}
