package store

import (
	"crypto/rand"
	"encoding/base32"
	"fmt"
	"strings"
)

// idEncoding writes ids in lower-case base32 (a-z, 2-7).
var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// IDLength is the length of a game id.
const IDLength = 12

// NewID returns a new random game id: 12 base32 characters (60 bits from
// crypto/rand), so ids cannot be guessed from one another.
func NewID() (string, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("store: new id: %w", err)
	}
	return idEncoding.EncodeToString(b[:])[:IDLength], nil
}

// ValidID reports whether s has the form of a game id (it may still not
// exist).
func ValidID(s string) bool {
	if len(s) != IDLength {
		return false
	}
	return strings.Trim(s, "abcdefghijklmnopqrstuvwxyz234567") == ""
}
