package server

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// A client is what the server's limits count (connections, game creation,
// a share of the workers): one IPv4 address, or one IPv6 /64 network (a
// host is usually given a whole /64, so counting its addresses one by one
// would count nothing). Behind a reverse proxy whose address is in
// Config.TrustedProxies, a request's client is the address the proxy
// appended to X-Forwarded-For: the last one that is not itself a trusted
// proxy. Without trusted proxies, X-Forwarded-For is ignored (anyone can
// write it).
type client string

// serverClient is the client of work the server does on its own: the AI
// moves of games resumed after a restart.
const serverClient client = "server"

// clientOfAddr returns the client of a peer's address.
func clientOfAddr(a netip.Addr) client {
	a = a.Unmap()
	if a.Is4() {
		return client(a.String())
	}
	p, err := a.Prefix(64)
	if err != nil {
		return client(a.String())
	}
	return client(p.String())
}

// peerAddr returns the address of a connection's or request's peer
// (host:port), or the zero Addr when it has none (a Unix socket, a test).
func peerAddr(hostport string) netip.Addr {
	ap, err := netip.ParseAddrPort(hostport)
	if err != nil {
		return netip.Addr{}
	}
	return ap.Addr().Unmap()
}

// trusted reports whether a is one of the trusted proxies.
func (srv *Server) trusted(a netip.Addr) bool {
	for _, p := range srv.cfg.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// clientOf returns the client of request r.
func (srv *Server) clientOf(r *http.Request) client {
	peer := peerAddr(r.RemoteAddr)
	if !peer.IsValid() {
		return client(r.RemoteAddr)
	}
	if !srv.trusted(peer) {
		return clientOfAddr(peer)
	}
	// From the right: the first address that is not a trusted proxy.
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break // a malformed hop: trust nothing to its left
		}
		a = a.Unmap()
		if !srv.trusted(a) {
			return clientOfAddr(a)
		}
		peer = a
	}
	return clientOfAddr(peer)
}

// ParseTrustedProxies reads a comma-separated list of addresses and
// networks ("127.0.0.1,10.0.0.0/8,::1") for Config.TrustedProxies.
func ParseTrustedProxies(s string) ([]netip.Prefix, error) {
	var list []netip.Prefix
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			list = append(list, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("server: %q is neither an IP address nor a network (like 10.0.0.0/8)", f)
		}
		a = a.Unmap()
		list = append(list, netip.PrefixFrom(a, a.BitLen()))
	}
	return list, nil
}

// connPeer returns the peer address of a connection.
func connPeer(c net.Conn) netip.Addr { return peerAddr(c.RemoteAddr().String()) }
