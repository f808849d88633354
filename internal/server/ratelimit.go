package server

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// defaultGamesPerMinute is how many games a client may create a minute (a
// burst of as many, then one every 60/N seconds): far more than a person
// starts, few enough that AI-against-AI games cannot be piled up to slow
// the others' (whose share of the workers is guarded by the pool anyway).
const defaultGamesPerMinute = 20

// defaultPGNPerMinute is how many PGN texts a client may have read or
// written a minute by the analysis board: far more than a person loads or
// exports (the board reads a game's PGN once when it opens it), few enough
// that a client cannot keep the server parsing.
const defaultPGNPerMinute = 60

// rateLimiter is a token bucket per client: perMinute tokens at most, one
// more every minute/perMinute.
type rateLimiter struct {
	perMinute int

	mu      sync.Mutex
	buckets map[client]*bucket // guarded by mu
}

// bucket is a client's tokens as of a moment.
type bucket struct {
	tokens float64
	at     time.Time
}

func newRateLimiter(perMinute int) *rateLimiter {
	return &rateLimiter{perMinute: perMinute, buckets: map[client]*bucket{}}
}

// refill brings b up to now (called with l.mu held).
func (l *rateLimiter) refill(b *bucket, now time.Time) {
	b.tokens = math.Min(float64(l.perMinute), b.tokens+now.Sub(b.at).Minutes()*float64(l.perMinute))
	b.at = now
}

// take takes a token of client who; when there is none, it returns false
// and how long until the next.
func (l *rateLimiter) take(who client, now time.Time) (ok bool, wait time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[who]
	if b == nil {
		b = &bucket{tokens: float64(l.perMinute), at: now}
		l.buckets[who] = b
	}
	l.refill(b, now)
	if b.tokens < 1 {
		return false, time.Duration((1 - b.tokens) / float64(l.perMinute) * float64(time.Minute))
	}
	b.tokens--
	return true, 0
}

// give gives back a token taken for something that was then not done.
func (l *rateLimiter) give(who client) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if b := l.buckets[who]; b != nil {
		b.tokens = math.Min(float64(l.perMinute), b.tokens+1)
	}
}

// prune forgets the clients whose bucket is full again (they are as good
// as new), so that the map does not grow with every address ever seen.
func (l *rateLimiter) prune(now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for who, b := range l.buckets {
		if l.refill(b, now); b.tokens >= float64(l.perMinute) {
			delete(l.buckets, who)
		}
	}
}

// limitCreation wraps the handler of POST /api/games: a client past
// Config.GamesPerMinute gets a 429 that says when to try again. Only the
// games created count (a refused request gives its token back).
func (srv *Server) limitCreation(h handlerFunc) handlerFunc {
	return srv.limitRate(srv.creations, true, func(perMinute, secs int) error {
		return codef(http.StatusTooManyRequests, "too_many_games", map[string]any{"perMinute": perMinute, "seconds": secs},
			"too many new games: at most %d a minute from one address; the next can be created in %s", perMinute, seconds(secs))
	}, h)
}

// limitPGN wraps the handlers of POST /api/pgn/read and /api/pgn/write: a
// client past Config.PGNPerMinute gets a 429 that says when to try again.
// Every request counts, refused ones too: reading a broken PGN is work.
func (srv *Server) limitPGN(h handlerFunc) handlerFunc {
	return srv.limitRate(srv.pgnWork, false, func(perMinute, secs int) error {
		return codef(http.StatusTooManyRequests, "too_many", map[string]any{"perMinute": perMinute, "seconds": secs},
			"too many PGN requests: at most %d a minute from one address; try again in %s", perMinute, seconds(secs))
	}, h)
}

// limitRate wraps h so that each request takes a token of the client's
// bucket in l (nil: no limit): without one, the answer is refusal's error
// (given l's rate and the seconds until the next token), with a
// Retry-After header. With refund, a request h refuses gives its token
// back.
func (srv *Server) limitRate(l *rateLimiter, refund bool, refusal func(perMinute, secs int) error, h handlerFunc) handlerFunc {
	if l == nil {
		return h
	}
	return func(w http.ResponseWriter, r *http.Request) error {
		who := srv.clientOf(r)
		ok, wait := l.take(who, time.Now())
		if !ok {
			secs := int(math.Ceil(wait.Seconds()))
			w.Header().Set("Retry-After", strconv.Itoa(secs))
			return refusal(l.perMinute, secs)
		}
		err := h(w, r)
		if err != nil && refund {
			l.give(who)
		}
		return err
	}
}

// seconds says n seconds in words.
func seconds(n int) string {
	if n == 1 {
		return "1 second"
	}
	return fmt.Sprintf("%d seconds", n)
}
