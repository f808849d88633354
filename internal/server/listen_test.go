package server

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// dial opens a raw connection to the test server.
func (e *testEnv) dial() net.Conn {
	e.t.Helper()
	c, err := net.Dial("tcp", e.http.Listener.Addr().String())
	if err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() { c.Close() })
	return c
}

// readAnswer reads what the server sends on c until it closes the
// connection, failing the test if it is still open after 10 s.
func readAnswer(t *testing.T, c net.Conn) string {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	b, err := io.ReadAll(c)
	if err != nil {
		t.Fatalf("the server kept the connection open: %v (read %q)", err, b)
	}
	return string(b)
}

// TestStalledBodyIsDropped sends the headers of a request and then stalls
// its body: the server gives up on it after ReadTimeout with a 408, and the
// game is not created.
func TestStalledBodyIsDropped(t *testing.T) {
	e := newEnv(t, Config{ReadTimeout: 300 * time.Millisecond})
	c := e.dial()
	fmt.Fprintf(c, "POST /api/games HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"white\":", e.http.Listener.Addr())
	if got := readAnswer(t, c); !strings.HasPrefix(got, "HTTP/1.1 408") || !strings.Contains(got, "did not arrive in time") {
		t.Errorf("answer to a stalled body: %q", got)
	}
	if r := e.do("GET", "/api/games", "", nil); r.status != 200 || strings.Contains(string(r.body), `"id"`) {
		t.Errorf("games after the stalled request: %s", r.body)
	}
	// Stalled headers too.
	c2 := e.dial()
	fmt.Fprintf(c2, "GET / HTTP/1.1\r\nHost: x\r\n")
	readAnswer(t, c2)
}

// TestEventStreamOutlivesTimeouts keeps an event stream open past the read
// and write timeouts: it still delivers the next move.
func TestEventStreamOutlivesTimeouts(t *testing.T) {
	const timeout = 200 * time.Millisecond
	e := newEnv(t, Config{ReadTimeout: timeout, WriteTimeout: timeout})
	g, _ := e.create(NewGameRequest{White: "human", Black: "human"})
	s := e.openStream(g)
	s.next(t, "state")
	time.Sleep(5 * timeout)
	e.move(g, "e4", 0)
	if st := decodeState(t, s.next(t, "state")); st.Plies != 1 {
		t.Errorf("state after the move: %d plies", st.Plies)
	}
}

// TestConnectionsPerClient opens connections up to the cap: the next one
// is answered 429 and closed, and one more fits once one is closed.
func TestConnectionsPerClient(t *testing.T) {
	const max = 3
	e := newEnv(t, Config{MaxConnsPerClient: max})
	var conns []net.Conn
	for range max {
		c := e.dial()
		// A request, so that the connection is surely accepted.
		fmt.Fprintf(c, "GET /api/games HTTP/1.1\r\nHost: %s\r\n\r\n", e.http.Listener.Addr())
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("connection %d: %v %v", len(conns), res, err)
		}
		res.Body.Close()
		conns = append(conns, c)
	}
	over := readAnswer(t, e.dial())
	if !strings.HasPrefix(over, "HTTP/1.1 429") || !strings.Contains(over, "too many connections") {
		t.Errorf("the connection over the cap: %q", over)
	}
	conns[0].Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		c := e.dial()
		fmt.Fprintf(c, "GET /api/games HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", e.http.Listener.Addr())
		got := readAnswer(t, c)
		if strings.HasPrefix(got, "HTTP/1.1 200") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no connection once one closed: %q", got)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
