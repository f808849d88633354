package tui

import "testing"

// TestMessages checks the catalogue: every key has a text in every
// language, with the same values as English.
func TestMessages(t *testing.T) {
	if err := messages.Check(msgCount); err != nil {
		t.Error(err)
	}
}
