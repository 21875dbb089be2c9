package recommend

import (
	"bytes"
	"context"
	"crypto/subtle"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/xmi"
)

// SecretHeader is the request header that carries the shared secret when
// the server is given one (INCEpTION: recommender settings, "Additional
// HTTP headers", or a reverse proxy in front of the recommender).
const SecretHeader = "X-Surrogator-Secret"

// Limits bound what one request may cost.
type Limits struct {
	// MaxBody is the largest request body in bytes (default 64 MiB).
	MaxBody int64
	// Timeout bounds the work of one request (default 60 s).
	Timeout time.Duration
}

func (l Limits) withDefaults() Limits {
	if l.MaxBody <= 0 {
		l.MaxBody = 64 << 20
	}
	if l.Timeout <= 0 {
		l.Timeout = 60 * time.Second
	}
	return l
}

// ServerOptions configure a Server.
type ServerOptions struct {
	// Name is the recommender's path segment: POST /<Name>/predict and
	// /<Name>/train (default "phi").
	Name string
	// Secret, when set, must be sent in SecretHeader with every request.
	Secret string
	Limits Limits
	// OnRequest, when set, is called after each request with the route,
	// the status and the number of predictions (never document content).
	OnRequest func(route string, status, predictions int, took time.Duration)
}

// Server implements INCEpTION's external-recommender protocol over a
// Predictor. It keeps no state between requests.
type Server struct {
	p     *Predictor
	opt   ServerOptions
	mux   *http.ServeMux
	types typeCache
	bufs  bufPool
}

// NewServer returns the protocol's HTTP handler.
func NewServer(p *Predictor, opt ServerOptions) *Server {
	if opt.Name == "" {
		opt.Name = "phi"
	}
	opt.Limits = opt.Limits.withDefaults()
	s := &Server{p: p, opt: opt, mux: http.NewServeMux()}
	s.mux.HandleFunc("POST /"+opt.Name+"/predict", s.predict)
	s.mux.HandleFunc("POST /"+opt.Name+"/train", s.train)
	return s
}

// ServeHTTP checks the secret and dispatches.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.opt.Secret != "" {
		got := r.Header.Get(SecretHeader)
		if subtle.ConstantTimeCompare([]byte(got), []byte(s.opt.Secret)) != 1 {
			http.Error(w, "missing or wrong "+SecretHeader, http.StatusUnauthorized)
			return
		}
	}
	s.mux.ServeHTTP(w, r)
}

// httpError is a request error with its status; the message never holds
// document content.
type httpError struct {
	status int
	msg    string
}

func (e *httpError) Error() string { return e.msg }

func bad(msg string) error { return &httpError{http.StatusBadRequest, msg} }

func (s *Server) predict(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	ctx, cancel := context.WithTimeout(r.Context(), s.opt.Limits.Timeout)
	defer cancel()
	out, n, err := s.predictBody(ctx, w, r)
	status := http.StatusOK
	if err != nil {
		status = http.StatusBadRequest
		var he *httpError
		if errors.As(err, &he) {
			status = he.status
		}
		http.Error(w, err.Error(), status)
	} else {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(out)
		s.bufs.put(out)
	}
	if s.opt.OnRequest != nil {
		s.opt.OnRequest("predict", status, n, time.Since(start))
	}
}

func (s *Server) predictBody(ctx context.Context, w http.ResponseWriter, r *http.Request) ([]byte, int, error) {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(strings.ToLower(ct), "application/json") {
		return nil, 0, &httpError{http.StatusUnsupportedMediaType, "recommend: want application/json"}
	}
	var bodyBuf []byte
	if n := r.ContentLength; n > 0 && n <= s.opt.Limits.MaxBody {
		bodyBuf = s.bufs.get(int(n) + 1)
	}
	body, err := readBody(http.MaxBytesReader(w, r.Body, s.opt.Limits.MaxBody), bodyBuf, s.opt.Limits.MaxBody)
	defer func() { s.bufs.put(body) }() // nothing read from it outlives the request
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return nil, 0, &httpError{http.StatusRequestEntityTooLarge, "recommend: request larger than the limit"}
		}
		return nil, 0, bad("recommend: reading the request failed")
	}
	req, err := decodeRequest(body, s.types.raws, s.bufs.get(len(body)))
	if err != nil {
		return nil, 0, bad("recommend: the request is not the protocol's JSON")
	}
	if len(req.xmi) == 0 || len(req.typeSystem) == 0 || req.layer == "" || req.feature == "" {
		return nil, 0, bad("recommend: the request lacks metadata.layer, metadata.feature, document.xmi or typeSystem")
	}
	ts, err := s.types.get(req.typeSystem)
	if err != nil {
		return nil, 0, bad("recommend: typeSystem: " + errClass(err))
	}
	t := Target{
		Layer: req.layer, Feature: req.feature, Predicted: true,
		AnchorTokens: req.anchoring == "" || req.anchoring == "tokens",
	}
	// the fast path: scan the XMI and splice the predictions into it
	out, n, err := predictFast(s.p, ts, req, t, s.bufs.get(len(req.xmiRaw)+len(req.xmiRaw)/8))
	switch {
	case err == nil:
		s.bufs.put(req.xmi) // the scan's text and offsets are copies
		if err := ctx.Err(); err != nil {
			return nil, 0, &httpError{http.StatusServiceUnavailable, "recommend: timed out"}
		}
		return out, n, nil
	case !errors.Is(err, errFallback):
		return nil, 0, bad(errClass(err))
	}
	// the fallback: documents the scanner does not read (comments, arrays,
	// several sofas, …) are read into a CAS and written again
	c, err := xmi.Read(req.xmi, ts.defs)
	if err != nil {
		return nil, 0, bad("recommend: document.xmi: " + errClass(err))
	}
	req.xmi = nil
	if err := ctx.Err(); err != nil {
		return nil, 0, &httpError{http.StatusServiceUnavailable, "recommend: timed out"}
	}
	n, err = PredictCAS(c, s.p, t)
	if err != nil {
		if errors.Is(err, ErrNoLayer) {
			return nil, 0, bad("recommend: metadata.layer is not a type of typeSystem")
		}
		return nil, 0, bad("recommend: " + errClass(err))
	}
	if err := ctx.Err(); err != nil {
		return nil, 0, &httpError{http.StatusServiceUnavailable, "recommend: timed out"}
	}
	var buf bytes.Buffer
	if err := xmi.Write(&buf, c); err != nil {
		// names or values the reader took but XML cannot carry (an
		// element name that is no XML name, …): the request's fault
		return nil, 0, bad("recommend: the document cannot be written back as XMI")
	}
	out = append([]byte(`{"document":"`), make([]byte, 0, buf.Len()+buf.Len()/4)...)
	out = cas.AppendJSONEscaped(out, buf.Bytes())
	out = append(out, `"}`...)
	return out, n, nil
}

// readBody reads a request body into buf (the announced length, from
// the pool) instead of growing a buffer from 512 bytes.
func readBody(r io.Reader, buf []byte, max int64) ([]byte, error) {
	if buf == nil {
		return io.ReadAll(r)
	}
	b := buf[:0]
	for {
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return nil, err
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // more than announced: grow
		}
	}
}

// bufPool keeps request-sized buffers between requests. A buffer is
// cleared before it goes back: the pool holds no document text.
type bufPool struct{ p sync.Pool }

// get returns an empty buffer of at least n bytes' capacity.
func (bp *bufPool) get(n int) []byte {
	if b, ok := bp.p.Get().(*[]byte); ok {
		if cap(*b) >= n {
			return (*b)[:0]
		}
	}
	return make([]byte, 0, n)
}

// put clears b and keeps it.
func (bp *bufPool) put(b []byte) {
	if cap(b) == 0 || cap(b) > 256<<20 {
		return
	}
	b = b[:cap(b)]
	clear(b)
	bp.p.Put(&b)
}

// PredictCAS predicts PII in the main sofa of c and adds the predictions
// on t's layer, next to (never over) the layer's existing annotations.
func PredictCAS(c *cas.CAS, p *Predictor, t Target) (int, error) {
	sofa, _, text, err := CASText(c)
	if err != nil {
		return 0, err
	}
	if c.Type(t.Layer) == nil {
		return 0, ErrNoLayer
	}
	existing := Existing(c, sofa, document.NewIndex(text), t.Layer)
	added, err := AddToCAS(c, t, p.Predict(text, existing))
	return len(added), err
}

// errClass shortens a reader's error to its first clause: readers name
// lines and offsets, never text, but a request's content stays out of
// answers by construction.
func errClass(err error) string {
	msg := err.Error()
	if i := strings.Index(msg, ": "); i > 0 && len(msg) > 200 {
		msg = msg[:200]
	}
	return msg
}

func (s *Server) train(w http.ResponseWriter, r *http.Request) {
	// Nothing is learnt or stored: drain a bounded body and answer 204.
	_, _ = io.Copy(io.Discard, http.MaxBytesReader(w, r.Body, s.opt.Limits.MaxBody))
	w.WriteHeader(http.StatusNoContent)
	if s.opt.OnRequest != nil {
		s.opt.OnRequest("train", http.StatusNoContent, 0, 0)
	}
}
