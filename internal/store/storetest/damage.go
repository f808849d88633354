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
// with "database disk image is malformed". The other games on that page
// are damaged with it: a test needs enough games for several pages.
func CorruptPage(t testing.TB, path, id string) {
	t.Helper()
	pageSize, leaves := tableLeaves(t, path, "games")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// In the table's row the id is followed by the token hash (at most
	// 32 bytes) and the source; in the index on id, by a rowid. A copy of
	// the row may also linger in the unused space of another page (the
	// table's root keeps its cells' bytes when it becomes an interior
	// page as the table grows): only a leaf of the table, in its cell
	// content area, holds the row SQLite reads.
	at := -1
	for from := 0; ; {
		i := bytes.Index(data[from:], []byte(id))
		if i < 0 {
			t.Fatalf("the row of %s is not in the file", id)
		}
		i += from
		from = i + 1
		page := i / pageSize * pageSize
		if !leaves[page/pageSize+1] || i < cellContentStart(data, page) {
			continue
		}
		if end := min(len(data), i+len(id)+40); bytes.Contains(data[i+len(id):end], []byte("web")) {
			at = i
			break
		}
	}
	page := at / pageSize * pageSize
	data[page] = 0xff
	for i := page + 1; i < page+pageSize; i++ {
		data[i] ^= 0x5a
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

// tableLeaves returns the database file's page size and the page numbers
// (from 1) of the leaves of table's b-tree, as SQLite's dbstat table lists
// them.
func tableLeaves(t testing.TB, path, table string) (pageSize int, leaves map[int]bool) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.QueryRow("PRAGMA page_size").Scan(&pageSize); err != nil {
		t.Fatal(err)
	}
	rows, err := db.Query(`SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf'`, table)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	leaves = map[int]bool{}
	for rows.Next() {
		var n int
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		leaves[n] = true
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return pageSize, leaves
}

// cellContentStart returns the file offset where the cell content area of
// the b-tree page at offset page begins (the bytes before it, after the
// cell pointers, are unused). The page header is at the page's start, or
// after the 100-byte file header on page 1.
func cellContentStart(data []byte, page int) int {
	h := page
	if page == 0 {
		h = 100
	}
	start := int(data[h+5])<<8 | int(data[h+6])
	if start == 0 {
		start = 65536
	}
	return page + start
}
