// Package storetest damages game databases for the tests of the programs
// that read them (package store, the server, outpost serve): a damaged game
// must cost only itself.
package storetest

import (
	"bytes"
	"database/sql"
	"os"
	"testing"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// Damage is what a test does to the row of game id in the closed database
// file path.
type Damage func(t testing.TB, path, id string)

// DamageValue stores value, of another type than the column's, in column
// of the game (SQLite lets any column hold any type).
func DamageValue(column string, value any) Damage {
	return func(t testing.TB, path, id string) {
		t.Helper()
		db, err := sql.Open("sqlite", "file:"+path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if _, err := db.Exec(`UPDATE games SET `+column+` = ? WHERE id = ?`, value, id); err != nil {
			t.Fatal(err)
		}
	}
}

// CorruptPage overwrites the page of the file that holds the game's row
// with garbage: a page type SQLite does not know, so that reading it fails
// with "database disk image is malformed". The test makes its games long
// enough (a few thousand bytes of moves) to have a page each.
func CorruptPage(t testing.TB, path, id string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// In the table's row the id is followed by the token hash (at most
	// 32 bytes) and the source; in the index on id, by a rowid.
	at := -1
	for from := 0; ; {
		i := bytes.Index(data[from:], []byte(id))
		if i < 0 {
			t.Fatalf("the row of %s is not in the file", id)
		}
		i += from
		if end := min(len(data), i+len(id)+40); bytes.Contains(data[i+len(id):end], []byte("web")) {
			at = i
			break
		}
		from = i + 1
	}
	const pageSize = 4096
	page := at / pageSize * pageSize
	data[page] = 0xff
	for i := page + 1; i < page+pageSize; i++ {
		data[i] ^= 0x5a
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}
