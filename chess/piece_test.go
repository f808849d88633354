package chess

import "testing"

func TestColorNames(t *testing.T) {
	for _, tt := range []struct {
		c         Color
		str, name string
		other     Color
	}{
		{White, "white", "White", Black},
		{Black, "black", "Black", White},
	} {
		if got := tt.c.String(); got != tt.str {
			t.Errorf("String() = %q, want %q", got, tt.str)
		}
		if got := tt.c.Name(); got != tt.name {
			t.Errorf("Name() = %q, want %q", got, tt.name)
		}
		if got := tt.c.Other(); got != tt.other {
			t.Errorf("%v.Other() = %v, want %v", tt.c, got, tt.other)
		}
	}
}
