package aero

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// APIPath is where INCEpTION serves the AERO v1 remote API, below its
// application URL.
const APIPath = "/api/aero/v1"

// Defaults of Config.
const (
	DefaultTimeout        = 2 * time.Minute
	DefaultExportTimeout  = 30 * time.Minute
	DefaultMaxJSONBytes   = 32 << 20
	DefaultMaxFileBytes   = 256 << 20
	DefaultMaxExportBytes = 4 << 30
	DefaultRetries        = 2
	DefaultBackoff        = 500 * time.Millisecond
	// maxWait caps one wait between attempts, Retry-After included.
	maxWait = 30 * time.Second
	// maxErrorBody is how much of an error answer is read for its messages.
	maxErrorBody = 64 << 10
)

// Config configures a Client. Only BaseURL, Username and Password are
// required.
type Config struct {
	// BaseURL is INCEpTION's application URL (e.g.
	// https://host/inception/); a URL that already ends in /api/aero/v1 is
	// taken as is. It must not carry credentials, a query or a fragment.
	BaseURL string
	// Username and Password are sent as HTTP Basic authentication.
	Username, Password string
	// AllowInsecureHTTP permits plain http to a host that is not loopback
	// (the password then crosses the network readable).
	AllowInsecureHTTP bool
	// Timeout bounds one attempt of a listing or a document fetch
	// (default DefaultTimeout); ExportTimeout bounds one attempt of a
	// project export (default DefaultExportTimeout).
	Timeout, ExportTimeout time.Duration
	// MaxJSONBytes, MaxFileBytes and MaxExportBytes cap a JSON answer, one
	// fetched document and a project export (defaults above); a larger
	// answer fails with ErrTooLarge.
	MaxJSONBytes, MaxFileBytes, MaxExportBytes int64
	// Retries is how many times a failed GET is retried (default
	// DefaultRetries; negative: never). Backoff is the first wait, doubled
	// per retry (default DefaultBackoff).
	Retries int
	Backoff time.Duration
	// Transport carries the requests; nil means a copy of
	// http.DefaultTransport (which honours HTTPS_PROXY).
	Transport http.RoundTripper
}

// Client calls one INCEpTION instance as one user. It is safe for
// concurrent use and holds no state besides its configuration and idle
// connections.
type Client struct {
	base     *url.URL
	user     string
	password string
	hc       *http.Client
	cfg      Config
}

// New checks cfg and returns a Client. It does not contact the server.
func New(cfg Config) (*Client, error) {
	base, err := parseBase(cfg.BaseURL, cfg.AllowInsecureHTTP)
	if err != nil {
		return nil, err
	}
	if cfg.Username == "" {
		return nil, errors.New("aero: no user name")
	}
	if strings.ContainsRune(cfg.Username, ':') {
		return nil, errors.New("aero: the user name must not contain ':' (HTTP Basic authentication)")
	}
	if cfg.Password == "" {
		return nil, errors.New("aero: no password")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.ExportTimeout <= 0 {
		cfg.ExportTimeout = DefaultExportTimeout
	}
	if cfg.MaxJSONBytes <= 0 {
		cfg.MaxJSONBytes = DefaultMaxJSONBytes
	}
	if cfg.MaxFileBytes <= 0 {
		cfg.MaxFileBytes = DefaultMaxFileBytes
	}
	if cfg.MaxExportBytes <= 0 {
		cfg.MaxExportBytes = DefaultMaxExportBytes
	}
	if cfg.Retries == 0 {
		cfg.Retries = DefaultRetries
	} else if cfg.Retries < 0 {
		cfg.Retries = 0
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = DefaultBackoff
	}
	tr := cfg.Transport
	if tr == nil {
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.TLSHandshakeTimeout = 15 * time.Second
		t.MaxResponseHeaderBytes = 64 << 10
		tr = t
	}
	c := &Client{
		base:     base,
		user:     cfg.Username,
		password: cfg.Password,
		cfg:      cfg,
		hc: &http.Client{
			Transport: tr,
			// A redirect is not the API (the remote API never redirects;
			// INCEpTION's web UI redirects to its login page when the API
			// is disabled), and following one could carry the password to
			// another address.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
	}
	c.cfg.Password = ""
	return c, nil
}

// String names the client without its credentials; %v, %+v and %#v of a
// Client print this too.
func (c *Client) String() string { return "aero.Client(" + c.base.Redacted() + ")" }

// GoString is String.
func (c *Client) GoString() string { return c.String() }

// String prints the configuration with the password redacted, so that a
// Config printed by mistake does not reveal it.
func (cfg Config) String() string {
	pw := ""
	if cfg.Password != "" {
		pw = "xxxxx"
	}
	return fmt.Sprintf("aero.Config{BaseURL:%q Username:%q Password:%q AllowInsecureHTTP:%v Timeout:%v ExportTimeout:%v MaxJSONBytes:%d MaxFileBytes:%d MaxExportBytes:%d Retries:%d Backoff:%v}",
		cfg.BaseURL, cfg.Username, pw, cfg.AllowInsecureHTTP, cfg.Timeout, cfg.ExportTimeout, cfg.MaxJSONBytes, cfg.MaxFileBytes, cfg.MaxExportBytes, cfg.Retries, cfg.Backoff)
}

// GoString is String.
func (cfg Config) GoString() string { return cfg.String() }

// Close releases idle connections.
func (c *Client) Close() { c.hc.CloseIdleConnections() }

// parseBase checks and normalises the base URL to end in APIPath.
func parseBase(raw string, insecure bool) (*url.URL, error) {
	if strings.TrimSpace(raw) == "" {
		return nil, errors.New("aero: no base URL")
	}
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		// url.Error repeats the URL; name only the failure.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return nil, fmt.Errorf("aero: base URL: %w", err)
	}
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, errors.New("aero: base URL: the scheme must be http or https")
	case u.Host == "":
		return nil, errors.New("aero: base URL: no host")
	case u.User != nil:
		return nil, errors.New("aero: base URL: must not contain credentials (give user name and password separately)")
	case u.RawQuery != "" || u.ForceQuery || u.Fragment != "":
		return nil, errors.New("aero: base URL: must not have a query or fragment")
	case u.Scheme == "http" && !insecure && !isLoopback(u.Hostname()):
		return nil, errors.New("aero: base URL: plain http sends the password readable; use https (or allow insecure http explicitly)")
	}
	p := strings.TrimRight(u.Path, "/")
	if !strings.HasSuffix(p, APIPath) {
		p += APIPath
	}
	u.Path, u.RawPath = p, ""
	return u, nil
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// endpoint is the URL of the API path made of the escaped segments.
func (c *Client) endpoint(q url.Values, segs ...string) string {
	u := *c.base
	var b strings.Builder
	b.WriteString(u.Path)
	raw := u.EscapedPath()
	var rb strings.Builder
	rb.WriteString(raw)
	for _, s := range segs {
		b.WriteString("/")
		b.WriteString(s)
		rb.WriteString("/")
		rb.WriteString(url.PathEscape(s))
	}
	u.Path, u.RawPath = b.String(), rb.String()
	if len(q) > 0 {
		u.RawQuery = q.Encode()
	}
	return u.String()
}

// call describes one GET.
type call struct {
	op      string
	url     string
	accept  string
	timeout time.Duration
	// handle reads a 200 answer. An error it wraps in transient may be
	// retried (the body broke off before handle committed anything).
	handle func(*http.Response) error
}

// transient marks a failure that a new attempt may cure.
type transient struct{ err error }

func (t *transient) Error() string { return t.err.Error() }
func (t *transient) Unwrap() error { return t.err }

// do runs a GET with bounded retries.
func (c *Client) do(ctx context.Context, cl call) error {
	var last error
	for attempt := 0; ; attempt++ {
		wait, err := c.attempt(ctx, cl)
		if err == nil {
			return nil
		}
		var tr *transient
		if !errors.As(err, &tr) {
			return err
		}
		last = tr.err
		if attempt >= c.cfg.Retries {
			if attempt == 0 {
				return last
			}
			return fmt.Errorf("%w (gave up after %d attempts)", last, attempt+1)
		}
		if wait <= 0 {
			wait = c.cfg.Backoff << min(attempt, 10)
		}
		wait = min(wait, maxWait)
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return fmt.Errorf("aero: %s: %w (last failure: %v)", cl.op, ctx.Err(), last)
		case <-t.C:
		}
	}
}

// attempt makes one request; a transient error asks for a retry, after
// wait when the server named one (Retry-After).
func (c *Client) attempt(ctx context.Context, cl call) (time.Duration, error) {
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("aero: %s: %w", cl.op, err)
	}
	actx, cancel := context.WithTimeout(ctx, cl.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(actx, http.MethodGet, cl.url, nil)
	if err != nil {
		return 0, fmt.Errorf("aero: %s: %w", cl.op, stripURL(err))
	}
	req.SetBasicAuth(c.user, c.password)
	req.Header.Set("Accept", cl.accept)
	req.Header.Set("User-Agent", "surrogator-aero")
	resp, err := c.hc.Do(req)
	if err != nil {
		return 0, c.netErr(ctx, actx, cl, err)
	}
	defer func() {
		// Drain a little so the connection can be reused; never much.
		_, _ = io.CopyN(io.Discard, resp.Body, 4<<10)
		resp.Body.Close()
	}()
	switch code := resp.StatusCode; {
	case code == http.StatusOK:
		if isHTML(resp) {
			return 0, fmt.Errorf("aero: %s: %w", cl.op, bad("an HTML page instead of the API (wrong base URL, or the remote API not enabled?)"))
		}
		err := cl.handle(resp)
		if err == nil {
			return 0, nil
		}
		var tr *transient
		if errors.As(err, &tr) {
			if e := c.ctxErr(ctx, actx, cl); e != nil {
				return 0, e
			}
			return 0, &transient{fmt.Errorf("aero: %s: %w", cl.op, tr.err)}
		}
		if e := c.ctxErr(ctx, actx, cl); e != nil {
			return 0, e
		}
		return 0, fmt.Errorf("aero: %s: %w", cl.op, err)
	case code >= 300 && code < 400:
		return 0, fmt.Errorf("aero: %s: %w", cl.op, bad("redirected (HTTP %d); is remote-api.enabled=true set and the base URL INCEpTION's own?", code))
	case code == http.StatusTooManyRequests || code == http.StatusBadGateway ||
		code == http.StatusServiceUnavailable || code == http.StatusGatewayTimeout:
		return retryAfter(resp), &transient{&StatusError{Op: cl.op, StatusCode: code, Messages: errorMessages(resp)}}
	default:
		return 0, &StatusError{Op: cl.op, StatusCode: code, Messages: errorMessages(resp)}
	}
}

// netErr classifies a failure without an answer: the caller's context and
// the attempt's timeout end the call, anything else may be retried.
func (c *Client) netErr(ctx, actx context.Context, cl call, err error) error {
	if e := c.ctxErr(ctx, actx, cl); e != nil {
		return e
	}
	err = fmt.Errorf("aero: %s: %w", cl.op, stripURL(err))
	// A certificate the client does not trust and a host name that does
	// not resolve stay so: no retry.
	var cv *tls.CertificateVerificationError
	var ua x509.UnknownAuthorityError
	var hn x509.HostnameError
	var ci x509.CertificateInvalidError
	var dns *net.DNSError
	if errors.As(err, &cv) || errors.As(err, &ua) || errors.As(err, &hn) || errors.As(err, &ci) ||
		errors.As(err, &dns) && dns.IsNotFound {
		return err
	}
	return &transient{err}
}

// ctxErr reports the caller's cancellation or the attempt's timeout.
func (c *Client) ctxErr(ctx, actx context.Context, cl call) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("aero: %s: %w", cl.op, err)
	}
	if actx.Err() != nil {
		return fmt.Errorf("aero: %s: no complete answer within %v: %w", cl.op, cl.timeout, context.DeadlineExceeded)
	}
	return nil
}

// stripURL removes the URL that net/http puts into its errors (it names
// projects, documents and users).
func stripURL(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

func isHTML(resp *http.Response) bool {
	ct := strings.ToLower(resp.Header.Get("Content-Type"))
	return strings.HasPrefix(ct, "text/html") || strings.HasPrefix(ct, "application/xhtml")
}

// retryAfter is the wait a 429/503 asked for (delay in seconds or a date).
func retryAfter(resp *http.Response) time.Duration {
	v := strings.TrimSpace(resp.Header.Get("Retry-After"))
	if v == "" {
		return 0
	}
	if s, err := strconv.Atoi(v); err == nil && s >= 0 {
		return time.Duration(min(s, int(maxWait/time.Second))) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return min(max(time.Until(t), 0), maxWait)
	}
	return 0
}

// errorMessages reads an error answer's envelope messages, if it is one.
func errorMessages(resp *http.Response) []Message {
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	if err != nil || len(b) == 0 {
		return nil
	}
	return decodeMessages(b)
}

// readAll reads a body of at most limit bytes: a longer one is
// ErrTooLarge, a broken-off one transient.
func readAll(resp *http.Response, limit int64, what string) ([]byte, error) {
	if resp.ContentLength > limit {
		return nil, tooLarge("%s of %d bytes, limit %d", what, resp.ContentLength, limit)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return nil, &transient{bad("%s broke off after %d bytes: %w", what, len(b), err)}
	}
	if int64(len(b)) > limit {
		return nil, tooLarge("%s over the limit of %d bytes", what, limit)
	}
	if resp.ContentLength >= 0 && int64(len(b)) != resp.ContentLength {
		return nil, &transient{bad("%s of %d bytes, %d announced", what, len(b), resp.ContentLength)}
	}
	return b, nil
}
