package main

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/internal/engine"
)

func TestSearchLimitFlags(t *testing.T) {
	fallback := engine.Limits{MoveTime: 2 * time.Second}
	tests := []struct {
		which limitFlag
		args  []string
		want  engine.Limits
		err   string
	}{
		{depthFlag | nodesFlag | movetimeFlag, nil, fallback, ""},
		{depthFlag | nodesFlag | movetimeFlag, []string{"--depth", "7"}, engine.Limits{Depth: 7}, ""},
		{depthFlag | nodesFlag | movetimeFlag, []string{"--nodes", "5000"}, engine.Limits{Nodes: 5000}, ""},
		{depthFlag | nodesFlag | movetimeFlag, []string{"--movetime", "250"}, engine.Limits{MoveTime: 250 * time.Millisecond}, ""},
		{depthFlag | nodesFlag | movetimeFlag, []string{"--movetime", "2000"}, fallback, ""}, // given, equal to the fallback
		{depthFlag | movetimeFlag, []string{"--depth", "3", "--movetime", "9"}, engine.Limits{}, "--depth and --movetime cannot be used together: give one"},
		{depthFlag | nodesFlag | movetimeFlag, []string{"--depth", "0"}, engine.Limits{}, "--depth 0 is out of range 1..100"},
		{depthFlag | nodesFlag | movetimeFlag, []string{"--nodes", "0"}, engine.Limits{}, "--nodes 0: want a positive number of nodes"},
		{depthFlag | nodesFlag | movetimeFlag, []string{"--movetime", "-4"}, engine.Limits{}, "--movetime -4: want a positive number of milliseconds"},
		{depthFlag | movetimeFlag, []string{"--nodes", "10"}, engine.Limits{}, "flag provided but not defined: -nodes"},
	}
	for _, tt := range tests {
		fs := newFlagSet("test", "outpost test", "A test.")
		f := addSearchLimitFlags(fs, "position", fallback, tt.which)
		err := parseFlags(fs, tt.args)
		var got engine.Limits
		if err == nil {
			got, err = f.limits()
		}
		var ue *usageError
		switch {
		case tt.err == "" && (err != nil || !reflect.DeepEqual(got, tt.want)):
			t.Errorf("%q: limits %+v, %v; want %+v", tt.args, got, err, tt.want)
		case tt.err != "" && (err == nil || err.Error() != tt.err || !errors.As(err, &ue)):
			t.Errorf("%q: error %v, want the usage error %q", tt.args, err, tt.err)
		}
	}
}

func TestEngineFlags(t *testing.T) {
	// Without an evaluation flag, the engine evaluates as it does by
	// default: with engine.DefaultNetwork, or by hand when there is none.
	def := engine.DefaultNetwork()
	tests := []struct {
		args []string
		want engine.Options
		err  string
	}{
		{nil, engine.Options{HashMB: 64, Threads: 1, Network: def, HandCrafted: def == nil}, ""},
		{[]string{"--hash", "16", "--threads", "2"}, engine.Options{HashMB: 16, Threads: 2, Network: def, HandCrafted: def == nil}, ""},
		{[]string{"--handcrafted"}, engine.Options{HashMB: 64, Threads: 1, HandCrafted: true}, ""},
		{[]string{"--handcrafted", "--random-net", "16"}, engine.Options{}, "choose one of --evalfile, --random-net and --handcrafted"},
		{[]string{"--hash", "0"}, engine.Options{}, "--hash 0 is out of range 1..32768"},
		{[]string{"--threads", "257"}, engine.Options{}, "--threads 257 is out of range 1..256"},
	}
	for _, tt := range tests {
		fs := newFlagSet("test", "outpost test", "A test.")
		f := addEngineFlags(fs, 64)
		if err := parseFlags(fs, tt.args); err != nil {
			t.Fatal(err)
		}
		got, err := f.options()
		switch {
		case tt.err == "" && (err != nil || got != tt.want):
			t.Errorf("%q: options %+v, %v; want %+v", tt.args, got, err, tt.want)
		case tt.err != "" && (err == nil || err.Error() != tt.err):
			t.Errorf("%q: error %v, want %q", tt.args, err, tt.err)
		}
	}
}
