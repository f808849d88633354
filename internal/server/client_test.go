package server

import (
	"net/http/httptest"
	"testing"
)

func TestClientOf(t *testing.T) {
	proxies, err := ParseTrustedProxies("127.0.0.1, 10.0.0.0/8,::1")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		proxies bool
		remote  string
		xff     []string
		want    client
	}{
		{"IPv4", false, "192.0.2.7:5000", nil, "192.0.2.7"},
		{"IPv6: its /64", false, "[2001:db8:1:2:3:4:5:6]:5000", nil, "2001:db8:1:2::/64"},
		{"IPv4 in IPv6", false, "[::ffff:192.0.2.7]:5000", nil, "192.0.2.7"},
		{"X-Forwarded-For ignored without trusted proxies", false, "127.0.0.1:5000", []string{"192.0.2.9"}, "127.0.0.1"},
		{"X-Forwarded-For ignored from an untrusted peer", true, "192.0.2.7:5000", []string{"192.0.2.9"}, "192.0.2.7"},
		{"through a proxy", true, "127.0.0.1:5000", []string{"192.0.2.9"}, "192.0.2.9"},
		{"the last untrusted hop", true, "127.0.0.1:5000", []string{"198.51.100.1, 192.0.2.9", "10.1.2.3"}, "192.0.2.9"},
		{"a forged hop left of the client's", true, "127.0.0.1:5000", []string{"6.6.6.6, 192.0.2.9"}, "192.0.2.9"},
		{"a malformed hop", true, "127.0.0.1:5000", []string{"192.0.2.9, junk"}, "127.0.0.1"},
		{"only proxies", true, "127.0.0.1:5000", []string{"10.0.0.1"}, "10.0.0.1"},
		{"no header from a proxy", true, "[::1]:5000", nil, "::/64"},
	}
	for _, tt := range tests {
		srv := &Server{}
		if tt.proxies {
			srv.cfg.TrustedProxies = proxies
		}
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tt.remote
		for _, v := range tt.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := srv.clientOf(r); got != tt.want {
			t.Errorf("%s: client %q, want %q", tt.name, got, tt.want)
		}
	}
	for _, bad := range []string{"localhost", "10.0.0.0/33", "1.2.3"} {
		if _, err := ParseTrustedProxies(bad); err == nil {
			t.Errorf("ParseTrustedProxies(%q) accepted", bad)
		}
	}
}
