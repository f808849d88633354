package match

import (
	"testing"
	"time"
)

func TestParseTimeControl(t *testing.T) {
	const ms = time.Millisecond
	tests := []struct {
		in        string
		base, inc time.Duration
		wantErr   bool
	}{
		{"10+0.1", 10 * time.Second, 100 * ms, false},
		{"60", time.Minute, 0, false},
		{"0.5+0.05", 500 * ms, 50 * ms, false},
		{"1:30+1", 90 * time.Second, time.Second, false},
		{" 5+0 ", 5 * time.Second, 0, false},
		{"", 0, 0, true},
		{"0+1", 0, 0, true},
		{"-5+1", 0, 0, true},
		{"10+", 0, 0, true},
		{"10+-1", 0, 0, true},
		{"ten", 0, 0, true},
		{"x:30", 0, 0, true},
		{"10+0.1+2", 0, 0, true},
		{"NaN", 0, 0, true},
		{"1e9", 0, 0, true},
	}
	for _, tt := range tests {
		base, inc, err := ParseTimeControl(tt.in)
		if (err != nil) != tt.wantErr || base != tt.base || inc != tt.inc {
			t.Errorf("ParseTimeControl(%q) = %v, %v, %v; want %v, %v, error %v",
				tt.in, base, inc, err, tt.base, tt.inc, tt.wantErr)
		}
	}
}

func TestLimits(t *testing.T) {
	const ms = time.Millisecond
	tests := []struct {
		l       Limits
		pgn     string
		str     string
		wantErr bool
	}{
		{Limits{Base: 10 * time.Second, Increment: 100 * ms}, "10+0.1", "10+0.1", false},
		{Limits{Base: time.Minute}, "60", "60", false},
		{Limits{MoveTime: 50 * ms}, "-", "movetime 50ms", false},
		{Limits{Depth: 8}, "-", "depth 8", false},
		{Limits{Base: time.Second, Nodes: 1000}, "1", "1, nodes 1000", false},
		{Limits{}, "-", "", true},
		{Limits{Base: time.Second, MoveTime: ms}, "1", "1, movetime 1ms", true},
		{Limits{Increment: ms, Depth: 1}, "-", "depth 1", true},
		{Limits{Depth: -1}, "-", "", true},
	}
	for _, tt := range tests {
		if got := tt.l.PGNTimeControl(); got != tt.pgn {
			t.Errorf("%+v.PGNTimeControl() = %q, want %q", tt.l, got, tt.pgn)
		}
		if got := tt.l.String(); got != tt.str {
			t.Errorf("%+v.String() = %q, want %q", tt.l, got, tt.str)
		}
		if err := tt.l.Validate(); (err != nil) != tt.wantErr {
			t.Errorf("%+v.Validate() = %v, want error %v", tt.l, err, tt.wantErr)
		}
	}
}
