package server

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"time"
)

// This file holds the limits on connections: the HTTP server's timeouts
// and the cap on the connections of one client (docs/server.md, "Limits").

// Defaults of the connection limits.
const (
	defaultReadTimeout       = 30 * time.Second
	defaultWriteTimeout      = 60 * time.Second
	defaultIdleTimeout       = 2 * time.Minute
	defaultMaxConnsPerClient = 64
	// readHeaderTimeout bounds the wait for a request's headers.
	readHeaderTimeout = 10 * time.Second
	// maxHeaderBytes bounds a request's headers.
	maxHeaderBytes = 64 << 10
	// streamWriteTimeout bounds each write of an event stream: a client
	// that stops reading is dropped once the connection's buffers are full
	// for that long. (The stream itself has no time limit.)
	streamWriteTimeout = 30 * time.Second
)

// HTTPServer returns an http.Server for the server's Handler with its
// timeouts (Config.ReadTimeout, WriteTimeout, IdleTimeout): a request's
// headers must arrive within 10 s (or ReadTimeout if less), the whole
// request within ReadTimeout,
// and its answer be written within WriteTimeout. Event streams stay open:
// they lift the read deadline and set a write deadline per event. Serve it
// on Listener(ln).
func (srv *Server) HTTPServer() *http.Server {
	hs := &http.Server{
		Handler:           srv.handler,
		ReadHeaderTimeout: min(readHeaderTimeout, srv.cfg.ReadTimeout),
		ReadTimeout:       srv.cfg.ReadTimeout,
		WriteTimeout:      srv.cfg.WriteTimeout,
		IdleTimeout:       srv.cfg.IdleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
	}
	hs.RegisterOnShutdown(srv.CloseStreams)
	return hs
}

// Listener returns ln with a cap on the connections open at once from one
// client (Config.MaxConnsPerClient): a connection over the cap is answered
// 429 Too Many Requests and closed. Connections from trusted proxies are
// not capped (they carry many clients).
func (srv *Server) Listener(ln net.Listener) net.Listener {
	return &capListener{Listener: ln, srv: srv, max: srv.cfg.MaxConnsPerClient, open: map[client]int{}}
}

// capListener counts the open connections of each client.
type capListener struct {
	net.Listener
	srv *Server
	max int

	mu   sync.Mutex
	open map[client]int // guarded by mu
}

func (l *capListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		peer := connPeer(c)
		if !peer.IsValid() || l.srv.trusted(peer) {
			return c, nil
		}
		who := clientOfAddr(peer)
		l.mu.Lock()
		n := l.open[who]
		if n < l.max {
			l.open[who] = n + 1
		}
		l.mu.Unlock()
		if n < l.max {
			return &cappedConn{Conn: c, release: func() { l.release(who) }}, nil
		}
		go refuse(c, fmt.Sprintf("too many connections from your address: at most %d at once", l.max))
	}
}

func (l *capListener) release(who client) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[who]--; l.open[who] <= 0 {
		delete(l.open, who)
	}
}

// refuse answers a connection over the cap with a 429 and closes it. It
// reads what the client sent (for a second at most) before closing, since
// closing with unread data would reset the connection and lose the answer.
func refuse(c net.Conn, msg string) {
	defer c.Close()
	body := fmt.Sprintf("{\"error\":%q,\"code\":\"too_many\"}\n", msg)
	c.SetDeadline(time.Now().Add(time.Second))
	fmt.Fprintf(c, "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nRetry-After: 10\r\n"+
		"X-Content-Type-Options: nosniff\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	if tc, ok := c.(interface{ CloseWrite() error }); ok {
		tc.CloseWrite()
	}
	io.Copy(io.Discard, io.LimitReader(c, 64<<10))
}

// cappedConn is a connection counted by a capListener until it is closed.
type cappedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *cappedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
