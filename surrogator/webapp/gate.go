package webapp

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// The gate: every request passes the host allow-list; every request that
// is not GET or HEAD passes the origin check and the CSRF check before it
// is routed, whatever its content type. No handler sees an unchecked
// request.

// CSRF token carriers.
const (
	csrfHeader = "X-CSRF-Token"
	csrfField  = "csrf"
)

// tokenPeek bounds what the gate reads of a body to find the token in its
// first form field; what it read is put back for the handler.
const tokenPeek = 16 << 10

// maxFormBody bounds a state-changing body that is not multipart.
const maxFormBody = 1 << 20

var (
	errNoToken = errors.New("webapp: no CSRF token")
	errPeek    = errors.New("webapp: the first form field is too long")
	errTooSlow = errors.New("webapp: the request body arrives too slowly")
)

// safeMethod: GET and HEAD change nothing.
func safeMethod(m string) bool { return m == http.MethodGet || m == http.MethodHead }

// hostPolicy is the host allow-list: the names the server answers to.
type hostPolicy struct {
	// names are allowed on the port the connection came in on
	names map[string]bool
	// extra are names (any port) and name:port pairs from AllowHosts
	extra map[string]bool
}

func newHostPolicy(addr string, allow []string) hostPolicy {
	hp := hostPolicy{names: map[string]bool{"localhost": true, "127.0.0.1": true, "::1": true}, extra: map[string]bool{}}
	if h, _, err := net.SplitHostPort(addr); err == nil && h != "" {
		hp.names[canonHost(h)] = true
	}
	for _, a := range allow {
		if a = strings.TrimSpace(a); a != "" {
			if h, p, err := net.SplitHostPort(a); err == nil {
				hp.extra[canonHost(h)+"|"+p] = true
			} else {
				hp.extra[canonHost(a)] = true
			}
		}
	}
	return hp
}

func canonHost(h string) string {
	h = strings.ToLower(strings.TrimSuffix(strings.Trim(h, "[]"), "."))
	if ip := net.ParseIP(h); ip != nil {
		return ip.String()
	}
	return h
}

// splitHost splits a Host header value; a missing port is the scheme's
// default (80: the server speaks plain http).
func splitHost(hostport string) (host, port string, ok bool) {
	if hostport == "" {
		return "", "", false
	}
	if h, p, err := net.SplitHostPort(hostport); err == nil {
		if _, err := strconv.ParseUint(p, 10, 16); err != nil {
			return "", "", false
		}
		return canonHost(h), p, h != ""
	}
	if strings.ContainsAny(hostport, "/@ ") || strings.Count(hostport, ":") == 1 {
		return "", "", false
	}
	return canonHost(hostport), "80", true
}

// allowed tells whether a request's Host names this server: a built-in
// name or the connection's own local address on the port the connection
// came in on, or a name given with AllowHosts (on any port unless given
// with one). local is the connection's local address (nil: unknown, then
// any port of a built-in name).
func (hp hostPolicy) allowed(hostport string, local net.Addr) bool {
	host, port, ok := splitHost(hostport)
	if !ok {
		return false
	}
	if hp.extra[host] || hp.extra[host+"|"+port] {
		return true
	}
	lhost, lport := "", ""
	if local != nil {
		if h, p, err := net.SplitHostPort(local.String()); err == nil {
			lhost, lport = canonHost(h), p
		}
	}
	if lport != "" && port != lport {
		return false
	}
	return hp.names[host] || (lhost != "" && host == lhost)
}

// sameOrigin checks a state-changing request's Origin header or, without
// it, its Referer: when present it must name the request's own host (http
// or https: behind a TLS proxy the scheme is the proxy's). "null" is
// another origin.
func sameOrigin(r *http.Request) bool {
	o, has := r.Header["Origin"]
	if !has || len(o) == 0 {
		ref := r.Header.Get("Referer")
		if ref == "" {
			return true
		}
		o = []string{ref}
	}
	if len(o) != 1 {
		return false
	}
	u, err := url.Parse(o[0])
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil || u.Host == "" {
		return false
	}
	want, wport, ok1 := splitHost(r.Host)
	got, gport, ok2 := splitHost(u.Host)
	if u.Scheme == "https" && u.Port() == "" {
		gport = "443"
	}
	if !ok1 || !ok2 || got != want {
		return false
	}
	// the port is compared unless a proxy (https) stands in between
	return gport == wport || u.Scheme == "https"
}

// requestToken finds the CSRF token of a state-changing request: the
// X-CSRF-Token header, else the first form field (named csrf) of a
// urlencoded or multipart body. What it reads of the body (at most
// tokenPeek bytes) is put back: afterwards r.Body presents the whole body
// again. A read error of the body (too large, too slow) is returned as
// such.
func requestToken(r *http.Request) (string, error) {
	if vs := r.Header.Values(csrfHeader); len(vs) > 0 {
		if len(vs) != 1 {
			return "", errNoToken
		}
		return vs[0], nil
	}
	if r.Body == nil || r.Body == http.NoBody {
		return "", errNoToken
	}
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil {
		return "", errNoToken
	}
	pk := &peekReader{r: r.Body, max: tokenPeek}
	var tok string
	switch {
	case mt == "application/x-www-form-urlencoded":
		tok, err = firstURLField(pk)
	case strings.HasPrefix(mt, "multipart/"):
		tok, err = firstMultipartField(pk, params["boundary"])
	default:
		return "", errNoToken
	}
	r.Body = pk.rewind(r.Body)
	if pk.err != nil { // the body's own error wins: too large, too slow, cut
		return "", pk.err
	}
	return tok, err
}

// firstURLField reads the first field of a urlencoded body; it must be
// csrf.
func firstURLField(r io.Reader) (string, error) {
	var b []byte
	buf := make([]byte, 512)
	for {
		n, err := r.Read(buf)
		b = append(b, buf[:n]...)
		if i := bytes.IndexByte(b, '&'); i >= 0 {
			b = b[:i]
			break
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", err
		}
	}
	k, v, _ := strings.Cut(string(b), "=")
	if k, err := url.QueryUnescape(k); err != nil || k != csrfField {
		return "", errNoToken
	}
	v, err := url.QueryUnescape(v)
	if err != nil {
		return "", errNoToken
	}
	return v, nil
}

// firstMultipartField reads the first part of a multipart body; it must
// be the field csrf.
func firstMultipartField(r io.Reader, boundary string) (string, error) {
	if boundary == "" {
		return "", errNoToken
	}
	p, err := multipart.NewReader(r, boundary).NextPart()
	if err != nil {
		return "", errNoToken
	}
	if p.FormName() != csrfField || p.FileName() != "" {
		return "", errNoToken
	}
	b, err := io.ReadAll(io.LimitReader(p, 257))
	if err != nil || len(b) > 256 {
		return "", errNoToken
	}
	return string(b), nil
}

// peekReader records what is read through it, up to max bytes.
type peekReader struct {
	r   io.Reader
	buf []byte
	max int
	err error // the underlying reader's error other than EOF
}

func (p *peekReader) Read(b []byte) (int, error) {
	if len(p.buf) >= p.max {
		return 0, errPeek
	}
	if len(b) > p.max-len(p.buf) {
		b = b[:p.max-len(p.buf)]
	}
	n, err := p.r.Read(b)
	p.buf = append(p.buf, b[:n]...)
	if err != nil && err != io.EOF && p.err == nil {
		p.err = err
	}
	return n, err
}

// rewind is the whole body again: what was read, then the rest.
func (p *peekReader) rewind(body io.ReadCloser) io.ReadCloser {
	return readCloser{io.MultiReader(bytes.NewReader(p.buf), body), body}
}

type readCloser struct {
	io.Reader
	io.Closer
}

// DefaultMinRate and DefaultRateWindow: a request body must arrive at
// 4 KiB/s at least, measured over 30 s of reading (and a response must
// drain each write within 30 s).
const (
	DefaultMinRate    = 4 << 10
	DefaultRateWindow = 30 * time.Second
)

// rateReader fails a request body that arrives more slowly than min
// bytes per second over a window of reading time, and one that stalls
// for a whole window (the connection's read deadline). Only time spent
// waiting in Read counts: a handler that pauses between reads costs the
// client nothing.
type rateReader struct {
	body   io.ReadCloser
	rc     *http.ResponseController
	now    func() time.Time
	min    int64
	window time.Duration
	waited time.Duration // reading time in this window
	n      int64         // bytes in this window
	err    error
	eof    bool
}

func (r *rateReader) Read(b []byte) (int, error) {
	if r.err != nil {
		return 0, r.err
	}
	start := r.now()
	r.rc.SetReadDeadline(start.Add(r.window)) // not supported: no deadline, the rate check still applies
	n, err := r.body.Read(b)
	r.waited += r.now().Sub(start)
	r.n += int64(n)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		r.err = errTooSlow
		return n, r.err
	}
	if err == io.EOF {
		r.eof = true
		r.rc.SetReadDeadline(time.Time{}) // the server's background read must not time out
	}
	if r.waited >= r.window {
		if float64(r.n) < float64(r.min)*r.waited.Seconds() {
			r.err = errTooSlow
			r.rc.SetReadDeadline(time.Unix(1, 0))
			return n, r.err
		}
		r.waited, r.n = 0, 0
	}
	return n, err
}

func (r *rateReader) Close() error { return r.body.Close() }

// settle sets the read deadline for what the server reads after the
// handler: none after EOF (the connection's background read), at once
// after a failure, else one window.
func (r *rateReader) settle() {
	switch {
	case r.eof:
	case r.err != nil:
		r.rc.SetReadDeadline(time.Unix(1, 0))
	default:
		r.rc.SetReadDeadline(time.Now().Add(r.window))
	}
}

func tooSlow(err error) bool { return errors.Is(err, errTooSlow) }
