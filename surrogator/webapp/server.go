package webapp

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/runspec"
	"github.com/surrogator/surrogator/surrogator/suspects"
	"golang.org/x/time/rate"
)

//go:embed assets
var assets embed.FS

// DefaultMaxUpload bounds one upload request (all its files together).
const DefaultMaxUpload = 1 << 30

// Cookie names.
const (
	sessionCookie = "surrogator_session"
	preCookie     = "surrogator_pre" // double-submit CSRF token of the login form
)

// ErrExposed is returned by CheckAddr for a non-loopback address without a
// password or a fixed token.
var ErrExposed = errors.New("webapp: a non-loopback address needs a password or a fixed token")

// GeoPack is a geodata pack the run page offers: Name is shown, Path is
// opened by runspec.Open for a run that chooses it (with the facility
// pools of Config.PoolsDir and Config.ModelDir).
type GeoPack struct {
	Name string
	Path string
}

// Config configures a Server.
type Config struct {
	// Addr is the address the server is meant for (host:port); it is
	// checked by New with CheckAddr. Empty: 127.0.0.1:8080.
	Addr string
	// DataDir is the private data folder (created 0700).
	DataDir string
	// Password enables the login page (needed on a non-loopback address
	// unless Token is set).
	Password string
	// Token is a fixed access token; empty: a random one per start.
	Token string
	// MaxUpload bounds one upload request in bytes (0: DefaultMaxUpload).
	MaxUpload int64
	// Log receives one line per request: method, route pattern, status
	// (nil: discarded). It never receives names, texts or file names.
	Log *slog.Logger
	// Packs are the geodata packs the run page offers (none: the embedded
	// gazetteer only).
	Packs []GeoPack
	// Resources are the name lists of the suspects detector (nil:
	// embedded); ResourcesDir is the folder they were read from ("" the
	// embedded ones), which a run's specification names (runspec.Spec).
	Resources    *data.Resources
	ResourcesDir string
	// PoolsDir and ModelDir are the facility pools and the ONNX model of a
	// run with a geodata pack (runspec.Spec.PoolsDir, ModelDir; "" none,
	// the built-in embedder); Env opens the model (runspec.Env).
	PoolsDir, ModelDir string
	Env                runspec.Env
	// Workers is the parallelism of a run (0: 1).
	Workers int
	// Version is recorded in run.json.
	Version string
	// AeroTransport carries the INCEpTION remote-API requests (nil: a
	// copy of http.DefaultTransport).
	AeroTransport http.RoundTripper
	// AllowHosts are further names the server answers to (a name on any
	// port, or name:port), e.g. the name of a TLS proxy in front of it.
	// Always allowed: localhost, 127.0.0.1, [::1], the host of Addr and
	// the connection's own address, on the port the connection came in
	// on. Any other Host gets 421 (DNS rebinding).
	AllowHosts []string
	// MinRate is the slowest a request body may arrive, in bytes per
	// second over RateWindow of reading (0: DefaultMinRate); a body that
	// stalls for RateWindow fails too, and every write of a response must
	// drain within RateWindow (0: DefaultRateWindow).
	MinRate    int64
	RateWindow time.Duration
	// SessionIdle and SessionMax end a session after that long without a
	// request, or that long after it began (0: DefaultSessionIdle,
	// DefaultSessionMax). MaxSessions caps the live sessions; the oldest
	// is ended for a new one (0: DefaultMaxSessions).
	SessionIdle time.Duration
	SessionMax  time.Duration
	MaxSessions int
	// Now is the clock of the sessions (nil: time.Now).
	Now func() time.Time
}

// Session defaults.
const (
	DefaultSessionIdle = 2 * time.Hour
	DefaultSessionMax  = 12 * time.Hour
	DefaultMaxSessions = 32
)

// session is a live session.
type session struct {
	created, seen time.Time
}

// Server is the web app. Create it with New; it is an http.Handler.
type Server struct {
	cfg     Config
	token   string
	csrfKey []byte
	tmpl    map[string]map[string]*template.Template // language → page
	static  http.Handler
	mux     *http.ServeMux
	det     *suspects.Detector
	log     *slog.Logger
	hosts   hostPolicy
	logins  *rate.Limiter // login attempts (password)

	mu       sync.Mutex
	sessions map[string]*session
	projects map[string]*project
	conns    map[string]*conn
	order    []string // project ids, newest last
	ctx      context.Context
	cancel   context.CancelFunc
	wg       sync.WaitGroup
}

// ErrShortPassword is returned by New for a password shorter than
// MinPassword characters.
var ErrShortPassword = fmt.Errorf("webapp: the password must be at least %d characters", MinPassword)

// CheckAddr refuses to serve a non-loopback address (or one that listens
// on every interface) without a password or a fixed token.
func CheckAddr(addr, password, token string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("webapp: address %q: %w", addr, err)
	}
	if isLoopback(host) || password != "" || token != "" {
		return nil
	}
	return fmt.Errorf("%w (%s)", ErrExposed, addr)
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

// New creates the server: it checks the address, creates the data folder
// (0700) and loads the projects stored there.
func New(cfg Config) (*Server, error) {
	if cfg.Addr == "" {
		cfg.Addr = "127.0.0.1:8080"
	}
	if err := CheckAddr(cfg.Addr, cfg.Password, cfg.Token); err != nil {
		return nil, err
	}
	if cfg.DataDir == "" {
		return nil, errors.New("webapp: no data folder")
	}
	if cfg.Password != "" && utf8.RuneCountInString(cfg.Password) < MinPassword {
		return nil, ErrShortPassword
	}
	if cfg.MaxUpload <= 0 {
		cfg.MaxUpload = DefaultMaxUpload
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 1
	}
	if cfg.Resources == nil {
		cfg.Resources = data.Default()
	}
	if cfg.MinRate <= 0 {
		cfg.MinRate = DefaultMinRate
	}
	if cfg.RateWindow <= 0 {
		cfg.RateWindow = DefaultRateWindow
	}
	if cfg.SessionIdle <= 0 {
		cfg.SessionIdle = DefaultSessionIdle
	}
	if cfg.SessionMax <= 0 {
		cfg.SessionMax = DefaultSessionMax
	}
	if cfg.MaxSessions <= 0 {
		cfg.MaxSessions = DefaultMaxSessions
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if err := claimDataDir(cfg.DataDir); err != nil {
		return nil, err
	}
	// only what the server keeps there: also what older versions left
	// 0755/0644
	if err := mkPrivateDir(filepath.Join(cfg.DataDir, "projects")); err != nil {
		return nil, err
	}
	if err := tightenTree(filepath.Join(cfg.DataDir, "projects")); err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, token: cfg.Token, sessions: map[string]*session{}, projects: map[string]*project{}, conns: map[string]*conn{},
		log: cfg.Log, det: suspects.New(suspects.Options{Resources: cfg.Resources}), hosts: newHostPolicy(cfg.Addr, cfg.AllowHosts),
		logins: rate.NewLimiter(loginRate, loginBurst)}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.token == "" {
		s.token = randomHex(24)
	}
	s.csrfKey = []byte(randomHex(32))
	s.ctx, s.cancel = context.WithCancel(context.Background())
	var err error
	if s.tmpl, err = parseTemplates(); err != nil {
		return nil, err
	}
	sub, _ := fs.Sub(assets, "assets/static")
	s.static = http.StripPrefix("/static/", http.FileServerFS(sub))
	s.routes()
	if err := s.loadProjects(); err != nil {
		return nil, err
	}
	return s, nil
}

// Token is the access token of the startup URL.
func (s *Server) Token() string { return s.token }

// URL is the startup URL for a listener address (the token in the query;
// the first request trades it for a cookie and drops it from the address
// bar).
func (s *Server) URL(addr string) string {
	return "http://" + addr + "/?token=" + url.QueryEscape(s.token)
}

// Close stops running surrogation runs and waits for them, and releases
// the projects' QC spools (the server serves no more pages after it).
func (s *Server) Close() {
	s.cancel()
	s.wg.Wait()
	s.mu.Lock()
	for k, c := range s.conns {
		c.client.Close()
		delete(s.conns, k)
	}
	for _, p := range s.projects {
		if p.spool != nil {
			p.spool.Close()
		}
	}
	s.mu.Unlock()
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("webapp: no randomness: " + err.Error()) // crypto/rand never fails on supported systems
	}
	return hex.EncodeToString(b)
}

// csrfToken is the CSRF token of a session.
func (s *Server) csrfToken(session string) string {
	m := hmac.New(sha256.New, s.csrfKey)
	m.Write([]byte("csrf\x1f" + session))
	return hex.EncodeToString(m.Sum(nil))
}

func equal(a, b string) bool {
	return len(a) > 0 && subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

// csp is the Content-Security-Policy of every response: nothing inline,
// nothing from another origin.
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
	"form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

// ServeHTTP applies the security headers, the host allow-list, the
// session check, the origin and CSRF gate and the request log, then
// routes.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	h := w.Header()
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	// same-origin: a form post of these pages names its origin (with
	// no-referrer browsers send "Origin: null"), no address leaves the site
	h.Set("Referrer-Policy", "same-origin")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Cache-Control", "no-store")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	rc := http.NewResponseController(w)
	rw := &statusWriter{ResponseWriter: w, status: http.StatusOK, rc: rc, window: s.cfg.RateWindow}
	rt := &route{pattern: "-"}
	if strings.HasPrefix(r.URL.Path, "/static/") {
		rt.pattern = "/static/"
	}
	r = r.WithContext(context.WithValue(r.Context(), routeKey{}, rt))
	// every body, GET and HEAD included: the server reads an unread body
	// (up to 256 KiB) before it sends the response head, and there is no
	// fixed ReadTimeout to end a body that trickles
	var body *rateReader
	if r.Body != nil && r.Body != http.NoBody {
		body = &rateReader{body: r.Body, rc: rc, now: time.Now, min: s.cfg.MinRate, window: s.cfg.RateWindow}
		r.Body = body
		if safeMethod(r.Method) {
			// no handler reads it: what the server discards of it must
			// arrive within one window (the head of a long page goes out
			// while the handler runs), and the connection ends after the
			// reply
			h.Set("Connection", "close")
			body.settle()
		}
	}
	s.serve(rw, r)
	// the write deadline must not outlive the request (keep-alive); what
	// the server still reads of an unread body (it discards up to 256 KiB
	// before the next request) must arrive within a window, and nothing
	// more is read of a body that was too slow
	rc.SetWriteDeadline(time.Time{})
	if body != nil {
		body.settle()
	}
	pattern := rt.pattern
	s.log.Info("request", "method", r.Method, "route", pattern, "status", rw.status, "ms", time.Since(start).Milliseconds())
}

// Messages of the gate.
const (
	msgCSRF   = "The form's security token is missing or stale. Reload the page and try again."
	msgOrigin = "This request came from another site and was refused."
	msgHost   = "This server does not answer to that host name. Open the address printed when the server started (or start it with --allow-host)."
)

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	local, _ := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !s.hosts.allowed(r.Host, local) {
		s.forbidden(w, r, http.StatusMisdirectedRequest, msgHost)
		return
	}
	if strings.HasPrefix(r.URL.Path, "/static/") {
		s.static.ServeHTTP(w, r)
		return
	}
	if !safeMethod(r.Method) && !sameOrigin(r) {
		s.forbidden(w, r, http.StatusForbidden, msgOrigin)
		return
	}
	if r.URL.Path == "/login" {
		// no session yet: the login form's token is a double-submit cookie
		if !safeMethod(r.Method) {
			c, err := r.Cookie(preCookie)
			want := ""
			if err == nil {
				want = c.Value
			}
			if !s.checkToken(w, r, want) {
				return
			}
		}
		s.mux.ServeHTTP(w, r)
		return
	}
	if t := r.URL.Query().Get("token"); t != "" && safeMethod(r.Method) {
		if !equal(t, s.token) {
			s.forbidden(w, r, http.StatusUnauthorized, "This link's token is not valid. Open the address printed when the server started.")
			return
		}
		s.startSession(w)
		q := r.URL.Query()
		q.Del("token")
		http.Redirect(w, r, localTarget(r.URL.Path, q.Encode()), http.StatusSeeOther)
		return
	}
	sess, ok := s.session(r)
	if !ok {
		if s.cfg.Password != "" && safeMethod(r.Method) {
			http.Redirect(w, r, "/login", http.StatusSeeOther)
			return
		}
		s.forbidden(w, r, http.StatusUnauthorized, "No session. Open the address printed when the server started (it carries the access token).")
		return
	}
	r = r.WithContext(context.WithValue(r.Context(), sessionKey{}, sess))
	if !safeMethod(r.Method) && !s.checkToken(w, r, s.csrfToken(sess)) {
		return
	}
	s.mux.ServeHTTP(w, r)
}

// localTarget is a redirect target on this server: the cleaned path
// (never //host or /\host, which a browser reads as another server: an
// open redirect) and the query.
func localTarget(p, query string) string {
	p = path.Clean("/" + p)
	if strings.HasPrefix(p, "//") || strings.Contains(p, "\\") {
		p = "/"
	}
	u := url.URL{Path: p, RawQuery: query}
	return u.RequestURI()
}

// checkToken is the CSRF gate of a state-changing request: the token in
// the X-CSRF-Token header or the body's first form field must be want.
// The body is bounded (MaxUpload for multipart, 1 MiB else) and
// re-presented whole to the handler. It answers refused requests itself.
func (s *Server) checkToken(w http.ResponseWriter, r *http.Request, want string) bool {
	limit := int64(maxFormBody)
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); strings.HasPrefix(mt, "multipart/") {
		limit = s.cfg.MaxUpload
	}
	if r.Body != nil && r.Body != http.NoBody {
		r.Body = http.MaxBytesReader(w, r.Body, limit)
	}
	tok, err := requestToken(r)
	switch {
	case tooSlow(err):
		s.forbidden(w, r, http.StatusRequestTimeout, msgSlow)
		return false
	case tooLarge(err):
		s.forbidden(w, r, http.StatusRequestEntityTooLarge, "The request is larger than the limit of "+formats.HumanBytes(limit)+".")
		return false
	case err != nil || !equal(tok, want):
		s.forbidden(w, r, http.StatusForbidden, msgCSRF)
		return false
	}
	return true
}

const msgSlow = "The request arrived too slowly and was cut off. Try again on a faster connection."

type sessionKey struct{}

// route carries the matched route pattern back to the request log.
type route struct{ pattern string }

type routeKey struct{}

// logged wraps a route's handler so the log names its pattern (never the
// path, which holds ids).
func logged(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if rt, ok := r.Context().Value(routeKey{}).(*route); ok {
			rt.pattern = r.Pattern
		}
		h(w, r)
	}
}

func sessionOf(r *http.Request) string {
	s, _ := r.Context().Value(sessionKey{}).(string)
	return s
}

// startSession begins a session; at the cap the oldest session ends.
func (s *Server) startSession(w http.ResponseWriter) {
	id := randomHex(24)
	now := s.cfg.Now()
	s.mu.Lock()
	for k, v := range s.sessions {
		if s.expired(v, now) {
			s.endSessionLocked(k)
		}
	}
	for len(s.sessions) >= s.cfg.MaxSessions {
		oldest, first := "", time.Time{}
		for k, v := range s.sessions {
			if oldest == "" || v.created.Before(first) {
				oldest, first = k, v.created
			}
		}
		s.endSessionLocked(oldest)
	}
	s.sessions[id] = &session{created: now, seen: now}
	s.mu.Unlock()
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: id, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
}

func (s *Server) expired(v *session, now time.Time) bool {
	return now.Sub(v.seen) >= s.cfg.SessionIdle || now.Sub(v.created) >= s.cfg.SessionMax
}

// endSessionLocked ends a session and closes its INCEpTION connections
// (s.mu held).
func (s *Server) endSessionLocked(id string) {
	delete(s.sessions, id)
	for k, c := range s.conns {
		if c.session == id {
			c.client.Close()
			delete(s.conns, k)
		}
	}
}

// session returns the request's live session and marks it used.
func (s *Server) session(r *http.Request) (string, bool) {
	c, err := r.Cookie(sessionCookie)
	if err != nil || c.Value == "" {
		return "", false
	}
	now := s.cfg.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.sessions[c.Value]
	if !ok {
		return "", false
	}
	if s.expired(v, now) {
		s.endSessionLocked(c.Value)
		return "", false
	}
	v.seen = now
	return c.Value, true
}

// logout ends the session and clears its cookie.
func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.endSessionLocked(sessionOf(r))
	s.mu.Unlock()
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode})
	if s.cfg.Password != "" {
		http.Redirect(w, r, "/login", http.StatusSeeOther)
		return
	}
	s.render(w, r.WithContext(context.WithValue(r.Context(), sessionKey{}, "")), http.StatusOK, "error", map[string]any{"Title": "Signed out", "Status": "Signed out",
		"Message": "You are signed out. Open the address printed when the server started to sign in again."})
}

// statusWriter records the status for the request log.
// Each write must drain within window (the connection's write deadline).
type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
	rc     *http.ResponseController
	window time.Duration
}

func (w *statusWriter) WriteHeader(code int) {
	if !w.wrote {
		w.status, w.wrote = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	w.wrote = true
	if w.rc != nil {
		w.rc.SetWriteDeadline(time.Now().Add(w.window))
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// login serves the password form (GET) and checks it (POST). The form's
// CSRF token is a double-submit cookie: there is no session yet.
func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Password == "" {
		s.forbidden(w, r, http.StatusNotFound, "No password is configured: open the address printed when the server started.")
		return
	}
	if r.Method == http.MethodPost {
		c, err := r.Cookie(preCookie) // checked by the gate (serve)
		if err != nil {
			s.forbidden(w, r, http.StatusForbidden, msgCSRF)
			return
		}
		// every attempt takes a token of the server's one bucket before
		// the password is checked: parallel connections guess no faster
		// than one; an attempt that would wait too long is refused
		// unchecked
		res := s.logins.Reserve()
		if d := res.Delay(); d > loginMaxWait {
			res.Cancel()
			w.Header().Set("Retry-After", "5")
			s.render(w, r, http.StatusTooManyRequests, "login", map[string]any{"CSRF": c.Value, "Busy": true})
			return
		} else if d > 0 {
			t := time.NewTimer(d)
			select {
			case <-t.C:
			case <-r.Context().Done():
				t.Stop()
				res.Cancel()
				return
			}
		}
		if !equal(r.PostFormValue("password"), s.cfg.Password) {
			time.Sleep(500 * time.Millisecond) // slows guessing
			s.render(w, r, http.StatusUnauthorized, "login", map[string]any{"CSRF": c.Value, "Failed": true})
			return
		}
		s.startSession(w)
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return
	}
	pre := randomHex(16)
	http.SetCookie(w, &http.Cookie{Name: preCookie, Value: pre, Path: "/login", HttpOnly: true, SameSite: http.SameSiteStrictMode})
	s.render(w, r, http.StatusOK, "login", map[string]any{"CSRF": pre})
}

// Login attempts (with a password): a token bucket for the whole server.
const (
	loginRate    = 2               // attempts per second
	loginBurst   = 4               // attempts at once (a user's retries)
	loginMaxWait = 5 * time.Second // longer: 429 without checking
	// MinPassword is the shortest password New accepts.
	MinPassword = 12
)

// forbidden renders an error page without naming anything from the data.
func (s *Server) forbidden(w http.ResponseWriter, r *http.Request, status int, msg string) {
	s.render(w, r, status, "error", map[string]any{"Status": status, "Message": msg})
}

// tightenTree makes every folder below root 0700 and every file 0600
// (the engine writes a run's public folder 0755/0644: inside the data
// folder it is private too). Symbolic links are left alone.
func tightenTree(root string) error {
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		var want fs.FileMode
		switch {
		case d.IsDir():
			want = 0o700
		case d.Type().IsRegular():
			want = 0o600
		default:
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		if fi.Mode().Perm() != want {
			return os.Chmod(p, want)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("webapp: %w", err)
	}
	return nil
}

// dataMarker is the file that marks a folder as the data folder of
// `surrogator serve`.
const dataMarker = ".surrogator-serve"

// ErrForeignData is returned by New for a data folder that holds files
// the server did not write.
var ErrForeignData = errors.New("webapp: the data folder holds files surrogator serve did not write; choose a new or empty folder")

// claimDataDir creates the data folder (0700) or accepts an existing one
// only if it is the server's: it holds the marker file, or nothing but
// projects/ (what older versions wrote) or nothing at all; then it writes
// the marker and makes the folder 0700. A foreign folder (a careless
// --data ~ or --data .) is refused untouched: the server would otherwise
// close it to other users.
func claimDataDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("webapp: %w", err)
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("webapp: %w", err)
	}
	marked, foreign := false, false
	for _, e := range ents {
		switch {
		case e.Name() == dataMarker && e.Type().IsRegular():
			marked = true
		case e.Name() == "projects" && e.IsDir():
		default:
			foreign = true
		}
	}
	if !marked {
		if foreign {
			return fmt.Errorf("%w (%s)", ErrForeignData, dir)
		}
		if err := writePrivate(filepath.Join(dir, dataMarker), []byte("the data folder of surrogator serve: private, keep it 0700\n")); err != nil {
			return err
		}
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		return fmt.Errorf("webapp: %w", err)
	}
	return nil
}

// mkPrivateDir creates dir (and parents) 0700 and tightens an existing one.
func mkPrivateDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("webapp: %w", err)
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		return fmt.Errorf("webapp: %w", err)
	}
	return nil
}
