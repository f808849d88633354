module github.com/outpost-chess/outpost

go 1.26
