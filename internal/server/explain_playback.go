package server

import (
	"compress/gzip"
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/outpost-chess/outpost/internal/explain"
	"github.com/outpost-chess/outpost/internal/i18n"
)

// This file is the explorer's playback and lesson API (docs/server.md):
// GET /api/explain/{id}/visits lists a tree in visit order, GET
// /api/explain/lesson gives the guided lesson. The routes are registered
// with the rest of the explorer's (explainRoutes, explain.go).

// explainVisits answers GET /api/explain/{id}/visits: the nodes of visits
// from to to-1 (default: to the end) whose subtrees hold at least min nodes,
// at most limit of them, with the ancestors of the first. Subtrees not kept
// are searched again, on the worker pool as the client's job. The answer is
// compressed when the client accepts gzip (a thousand visits are some 300
// KB of JSON).
func (srv *Server) explainVisits(x *explorer, w http.ResponseWriter, r *http.Request) error {
	tree, err := x.tree(r)
	if err != nil {
		return err
	}
	q := explain.VisitQuery{To: int(tree.Nodes), MinSize: 1, Limit: explainVisits}
	for _, p := range []struct {
		name     string
		min, max int
		set      func(int)
	}{
		{"from", 0, int(tree.Nodes), func(v int) { q.From = v }},
		{"to", 0, int(tree.Nodes), func(v int) { q.To = v }},
		{"min", 1, int(tree.Nodes), func(v int) { q.MinSize = uint64(v) }},
		{"limit", 1, explainMaxVisits, func(v int) { q.Limit = v }},
	} {
		s := r.URL.Query().Get(p.name)
		if s == "" {
			continue
		}
		v, err := strconv.Atoi(s)
		if err != nil || v < p.min || v > max(p.min, p.max) {
			return errorf(http.StatusBadRequest, "%s %q: want a number from %d to %d", p.name, s, p.min, max(p.min, p.max))
		}
		p.set(v)
	}
	if q.To < q.From {
		return errorf(http.StatusBadRequest, "to %d is before from %d", q.To, q.From)
	}
	var page explain.VisitPage
	if err := srv.onWorker(r, explainWait, func(context.Context) {
		page, err = tree.Visits(q)
	}); err != nil {
		return err
	}
	x.measure(r)
	if err != nil {
		return errorf(http.StatusBadRequest, "%s", strings.TrimPrefix(err.Error(), "explain: "))
	}
	writeJSONCompressed(w, r, page)
	return nil
}

// writeJSONCompressed answers 200 with v in JSON, compressed with gzip
// when the request accepts it.
func writeJSONCompressed(w http.ResponseWriter, r *http.Request, v any) {
	w.Header().Add("Vary", "Accept-Encoding")
	if !acceptsGzip(r) {
		writeJSON(w, http.StatusOK, v)
		return
	}
	w.Header().Set("Content-Encoding", "gzip")
	zw, _ := gzip.NewWriterLevel(w, gzip.BestSpeed)
	defer zw.Close()
	writeJSON(gzipWriter{w, zw}, http.StatusOK, v)
}

// gzipWriter is a ResponseWriter whose body goes through a gzip.Writer.
type gzipWriter struct {
	http.ResponseWriter
	zw *gzip.Writer
}

func (g gzipWriter) Write(b []byte) (int, error) { return g.zw.Write(b) }

// acceptsGzip reports whether the request's Accept-Encoding allows gzip.
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			return strings.ReplaceAll(params, " ", "") != "q=0"
		}
	}
	return false
}

// explainLesson answers GET /api/explain/lesson?lang=en|zh: the guided
// lesson's steps, their text in the language asked for (English by
// default). The first answer searches the lesson's numbers, on the workers.
func (srv *Server) explainLesson(w http.ResponseWriter, r *http.Request) error {
	l := i18n.English
	if s := r.URL.Query().Get("lang"); s != "" {
		var err error
		if l, err = i18n.Parse(s); err != nil {
			return errorf(http.StatusBadRequest, "lang %q: want en or zh", s)
		}
	}
	var les explain.Lesson
	var err error
	if err := srv.onWorker(r, explainWait, func(context.Context) {
		les, err = explain.GetLesson(l)
	}); err != nil {
		return err
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, les)
	return nil
}
