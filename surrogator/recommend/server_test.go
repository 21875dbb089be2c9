package recommend

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/formats/xmi"
	"github.com/surrogator/surrogator/surrogator/suspects"
)

const phiType = "webanno.custom.PHI"

// inceptionFeatures are the features INCEpTION adds to a layer's type in
// the type system it sends to an external recommender.
const inceptionFeatures = `
<featureDescription><name>inception_internal_predicted</name><rangeTypeName>uima.cas.Boolean</rangeTypeName></featureDescription>
<featureDescription><name>kind_score</name><rangeTypeName>uima.cas.Double</rangeTypeName></featureDescription>
<featureDescription><name>kind_score_explanation</name><rangeTypeName>uima.cas.String</rangeTypeName></featureDescription>
<featureDescription><name>kind_auto_accept</name><rangeTypeName>uima.cas.Boolean</rangeTypeName></featureDescription>`

// gemtexTypeSystem returns the shared GeMTeX TypeSystem.xml with the
// prediction features INCEpTION adds to the PHI layer.
func gemtexTypeSystem(t testing.TB) string {
	t.Helper()
	p, ok := testutil.SharedPath(t, "corpora/typesystem/TypeSystem.xml")
	if !ok {
		t.Skip("needs ../shared/corpora/typesystem/TypeSystem.xml")
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, "<name>"+phiType+"</name>")
	j := strings.Index(s[i:], "<features>")
	if i < 0 || j < 0 {
		t.Fatal("no PHI type in the shared type system")
	}
	at := i + j + len("<features>")
	return s[:at] + inceptionFeatures + s[at:]
}

// letterRequest builds a predict request, in the form INCEpTION sends it,
// from a shared GraSCCo letter with its PHI annotations removed (tokens,
// sentences and metadata kept).
func letterRequest(t testing.TB, f testutil.CASFile, ts string) ([]byte, *cas.CAS) {
	t.Helper()
	c, err := casjson.ReadCAS(f.Data)
	if err != nil {
		t.Fatal(err)
	}
	stripPHI(c)
	var x bytes.Buffer
	if err := xmi.Write(&x, c); err != nil {
		t.Fatal(err)
	}
	return requestJSON(t, x.String(), ts), c
}

// mustXMI is a shared letter as XMI, its annotations kept.
func mustXMI(t testing.TB, f testutil.CASFile) []byte {
	t.Helper()
	c, err := casjson.ReadCAS(f.Data)
	if err != nil {
		t.Fatal(err)
	}
	var x bytes.Buffer
	if err := xmi.Write(&x, c); err != nil {
		t.Fatal(err)
	}
	return x.Bytes()
}

// requestJSON is a predict request for the PHI layer as INCEpTION sends
// it: Jackson escapes quotes, backslashes and control characters, not
// HTML's <, > and & (encoding/json's default).
func requestJSON(t testing.TB, x, ts string) []byte {
	t.Helper()
	req := map[string]any{
		"metadata": map[string]any{"layer": phiType, "feature": "kind", "projectId": 7,
			"crossSentence": false, "anchoringMode": "tokens"},
		"document":   map[string]any{"xmi": x, "documentId": 42, "userId": "annotator1"},
		"typeSystem": ts,
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(req); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSpace(b.Bytes())
}

func post(t *testing.T, h http.Handler, path, ctype string, body []byte, hdr map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body))
	if ctype != "" {
		r.Header.Set("Content-Type", ctype)
	}
	for k, v := range hdr {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func newTestServer(opt ServerOptions) *Server {
	return NewServer(NewPredictor(suspects.New(suspects.Options{})), opt)
}

// TestPredictSharedLetters sends each shared letter as INCEpTION would and
// checks the answer: XMI of the same text, the old layers intact, and the
// predictions on the requested layer, marked as predictions with a score
// and an explanation, on token boundaries.
func TestPredictSharedLetters(t *testing.T) {
	ts := gemtexTypeSystem(t)
	tsDefs, err := xmi.ReadTypeSystem(strings.NewReader(ts))
	if err != nil {
		t.Fatal(err)
	}
	srv := newTestServer(ServerOptions{})
	total := 0
	for _, f := range testutil.GrasccoCAS(t) {
		body, sent := letterRequest(t, f, ts)
		w := post(t, srv, "/phi/predict", "application/json", body, nil)
		if w.Code != http.StatusOK {
			t.Fatalf("%s: status %d: %s", f.Name, w.Code, w.Body.String())
		}
		var ans struct {
			Document string `json:"document"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &ans); err != nil {
			t.Fatalf("%s: answer is not JSON: %v", f.Name, err)
		}
		got, err := xmi.Read([]byte(ans.Document), tsDefs)
		if err != nil {
			t.Fatalf("%s: answer is not XMI: %v", f.Name, err)
		}
		_, _, text, err := CASText(got)
		if err != nil {
			t.Fatal(err)
		}
		_, _, want, _ := CASText(sent)
		if text != want {
			t.Fatalf("%s: the answer's text differs from the request's", f.Name)
		}
		toks := tokens(got, mustSofa(t, got))
		n := 0
		for _, fs := range got.FS {
			if fs.Type != phiType {
				continue
			}
			n++
			if ft, ok := fs.Get(FeaturePredicted); !ok || string(ft.Value) != "true" {
				t.Errorf("%s: PHI annotation %d not marked as a prediction", f.Name, fs.ID)
			}
			if fs.String("kind") == "" || fs.String("kind_score_explanation") == "" {
				t.Errorf("%s: prediction %d without kind or explanation", f.Name, fs.ID)
			}
			if _, ok := fs.Get("kind_score"); !ok {
				t.Errorf("%s: prediction %d without score", f.Name, fs.ID)
			}
			b, _ := fs.Int("begin")
			e, _ := fs.Int("end")
			if ab, ae := anchor(toks, b, e); ab != b || ae != e {
				t.Errorf("%s: prediction [%d,%d) not on token boundaries", f.Name, b, e)
			}
		}
		if n == 0 {
			t.Errorf("%s: no predictions", f.Name)
		}
		if other := count(got, "") - n; other != count(sent, "") {
			t.Errorf("%s: %d other annotations in the answer, %d sent", f.Name, other, count(sent, ""))
		}
		total += n
	}
	t.Logf("%d predictions over the shared letters", total)
}

func mustSofa(t *testing.T, c *cas.CAS) int {
	s, err := c.MainSofa()
	if err != nil {
		t.Fatal(err)
	}
	return s.ID
}

func count(c *cas.CAS, typ string) int {
	n := 0
	for _, f := range c.FS {
		if typ == "" || f.Type == typ {
			n++
		}
	}
	return n
}

// TestPredictKeepsExisting: an annotator's spans stay, predictions never
// overlap them, and a second request over the answer adds nothing new
// where everything was already predicted.
func TestPredictKeepsExisting(t *testing.T) {
	ts := gemtexTypeSystem(t)
	files := testutil.GrasccoCAS(t)
	c, err := casjson.ReadCAS(files[0].Data)
	if err != nil {
		t.Fatal(err)
	}
	before := count(c, phiType)
	tsDefs, _ := xmi.ReadTypeSystem(strings.NewReader(ts))
	c.Types = tsDefs
	n, err := PredictCAS(c, NewPredictor(suspects.New(suspects.Options{})), Target{Layer: phiType, Feature: "kind", Predicted: true})
	if err != nil {
		t.Fatal(err)
	}
	if count(c, phiType) != before+n {
		t.Fatalf("annotations: %d before, %d predicted, %d after", before, n, count(c, phiType))
	}
	sofa := mustSofa(t, c)
	_, _, text, _ := CASText(c)
	_ = text
	var old, pred [][2]int
	for _, f := range c.FS {
		if f.Type != phiType {
			continue
		}
		b, _ := f.Int("begin")
		e, _ := f.Int("end")
		if _, ok := f.Get(FeaturePredicted); ok {
			pred = append(pred, [2]int{b, e})
		} else {
			old = append(old, [2]int{b, e})
		}
	}
	_ = sofa
	for _, p := range pred {
		for _, o := range old {
			if p[0] < o[1] && o[0] < p[1] {
				t.Errorf("prediction [%d,%d) overlaps an annotation [%d,%d)", p[0], p[1], o[0], o[1])
			}
		}
	}
}

// TestPredictBadRequests: malformed, oversized, non-XMI and wrong-layer
// requests get a 4xx, never a crash or a 5xx.
func TestPredictBadRequests(t *testing.T) {
	ts := gemtexTypeSystem(t)
	good, _ := letterRequest(t, testutil.GrasccoCAS(t)[0], ts)
	var m map[string]any
	_ = json.Unmarshal(good, &m)
	mut := func(f func(m map[string]any)) []byte {
		var c map[string]any
		_ = json.Unmarshal(good, &c)
		f(c)
		b, _ := json.Marshal(c)
		return b
	}
	cases := []struct {
		name  string
		ctype string
		body  []byte
		want  int
	}{
		{"empty", "application/json", nil, 400},
		{"not json", "application/json", []byte("<xml/>"), 400},
		{"json array", "application/json", []byte("[1,2]"), 400},
		{"deep json", "application/json", []byte(strings.Repeat("[", 20000) + strings.Repeat("]", 20000)), 400},
		{"form", "application/x-www-form-urlencoded", []byte("a=b"), 415},
		{"no document", "application/json", mut(func(m map[string]any) { delete(m, "document") }), 400},
		{"no layer", "application/json", mut(func(m map[string]any) { m["metadata"] = map[string]any{"feature": "kind"} }), 400},
		{"xmi not xml", "application/json", mut(func(m map[string]any) { m["document"].(map[string]any)["xmi"] = "Herr Albers" }), 400},
		{"xmi other root", "application/json", mut(func(m map[string]any) { m["document"].(map[string]any)["xmi"] = "<a><b/></a>" }), 400},
		{"xmi truncated", "application/json", mut(func(m map[string]any) {
			x := m["document"].(map[string]any)["xmi"].(string)
			m["document"].(map[string]any)["xmi"] = x[:len(x)/2]
		}), 400},
		{"typesystem not xml", "application/json", mut(func(m map[string]any) { m["typeSystem"] = "{}" }), 400},
		{"unknown layer", "application/json", mut(func(m map[string]any) {
			m["metadata"].(map[string]any)["layer"] = "de.example.Nope"
		}), 400},
		{"oversized", "application/json", append([]byte(`{"x":"`), bytes.Repeat([]byte("a"), 2<<20)...), 413},
	}
	srv := newTestServer(ServerOptions{Limits: Limits{MaxBody: 1 << 20}})
	big := newTestServer(ServerOptions{})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := big
			if c.name == "oversized" {
				h = srv
			}
			w := post(t, h, "/phi/predict", c.ctype, c.body, nil)
			if w.Code != c.want {
				t.Fatalf("status %d, want %d (%s)", w.Code, c.want, w.Body.String())
			}
		})
	}
}

// TestTrainAndRoutes: train answers 204 and stores nothing; GET and other
// names are not served.
func TestTrainAndRoutes(t *testing.T) {
	srv := newTestServer(ServerOptions{})
	if w := post(t, srv, "/phi/train", "application/json", []byte(`{"metadata":{},"documents":[]}`), nil); w.Code != http.StatusNoContent {
		t.Fatalf("train: %d", w.Code)
	}
	r := httptest.NewRequest(http.MethodGet, "/phi/predict", nil)
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, r)
	if w.Code != http.StatusMethodNotAllowed {
		t.Fatalf("GET predict: %d", w.Code)
	}
	if w := post(t, srv, "/other/predict", "application/json", []byte(`{}`), nil); w.Code != http.StatusNotFound {
		t.Fatalf("other name: %d", w.Code)
	}
}

// TestSecret: with a secret, requests without it or with a wrong one get
// 401 before anything is read.
func TestSecret(t *testing.T) {
	srv := newTestServer(ServerOptions{Secret: "s3cr3t"})
	for _, c := range []struct {
		hdr  map[string]string
		want int
	}{{nil, 401}, {map[string]string{SecretHeader: "wrong"}, 401}, {map[string]string{SecretHeader: "s3cr3t"}, 204}} {
		if w := post(t, srv, "/phi/train", "application/json", []byte(`{}`), c.hdr); w.Code != c.want {
			t.Errorf("%v: %d, want %d", c.hdr, w.Code, c.want)
		}
	}
}

// TestProtocolExample runs the protocol repository's example predict
// request (examples/requests/predict_wikigold_ner.json of
// inception-project/inception-external-recommender) when
// SURROGATOR_RECOMMENDER_EXAMPLE names a copy of it: the project ships no
// copy of that file.
func TestProtocolExample(t *testing.T) {
	p := os.Getenv("SURROGATOR_RECOMMENDER_EXAMPLE")
	if p == "" {
		t.Skip("SURROGATOR_RECOMMENDER_EXAMPLE not set (path of the protocol repository's predict_wikigold_ner.json)")
	}
	body, err := os.ReadFile(filepath.Clean(p))
	if err != nil {
		t.Fatal(err)
	}
	var req struct {
		Metadata   struct{ Layer, Feature string } `json:"metadata"`
		TypeSystem string                          `json:"typeSystem"`
		Document   struct{ XMI string }            `json:"document"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatal(err)
	}
	srv := newTestServer(ServerOptions{Name: "ner"})
	w := post(t, srv, "/ner/predict", "application/json", body, nil)
	if w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, w.Body.String())
	}
	var ans struct{ Document string }
	if err := json.Unmarshal(w.Body.Bytes(), &ans); err != nil {
		t.Fatal(err)
	}
	ts, _ := xmi.ReadTypeSystem(strings.NewReader(req.TypeSystem))
	got, err := xmi.Read([]byte(ans.Document), ts)
	if err != nil {
		t.Fatal(err)
	}
	in, err := xmi.Read([]byte(req.Document.XMI), ts)
	if err != nil {
		t.Fatal(err)
	}
	_, _, a, _ := CASText(got)
	_, _, b, _ := CASText(in)
	if a != b {
		t.Fatal("text changed")
	}
	t.Logf("example: %d feature structures in, %d out, layer %s", len(in.FS), len(got.FS), req.Metadata.Layer)
	// the fast path reads INCEpTION's XMI itself and answers as the full
	// path does
	dr, err := decodeRequest(body, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var cache typeCache
	te, err := cache.get(dr.typeSystem)
	if err != nil {
		t.Fatal(err)
	}
	pr := NewPredictor(suspects.New(suspects.Options{}))
	target := Target{Layer: dr.layer, Feature: dr.feature, Predicted: true, AnchorTokens: true}
	ans2, _, err := predictFast(pr, te, dr, target, nil)
	if err != nil {
		t.Fatalf("fast path: %v", err)
	}
	var doc2 struct{ Document string }
	if err := json.Unmarshal(ans2, &doc2); err != nil {
		t.Fatal(err)
	}
	fast, err := xmi.Read([]byte(doc2.Document), te.defs)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := phiFS(fast, dr.layer), phiFS(fullAnswer(t, pr, te, dr), dr.layer); !slices.Equal(a, b) {
		t.Fatalf("fast path: %d annotations, full path %d", len(a), len(b))
	}
	_, _ = io.Discard.Write(nil)
}

func casjsonOf(t testing.TB, c *cas.CAS) []byte {
	t.Helper()
	return casjson.AppendCAS(nil, c)
}

func gemtexTypeSystemB(b *testing.B) string { return gemtexTypeSystem(b) }

func letterRequestB(b *testing.B, f testutil.CASFile, ts string) ([]byte, *cas.CAS) {
	return letterRequest(b, f, ts)
}

// postB posts body to h as the benchmarks do: the answer goes to a writer
// that counts it, as a connection would take it (httptest's recorder
// would copy it into a growing buffer, a cost of the test, not of the
// server).
func postB(h http.Handler, path string, body []byte) int {
	r := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.ContentLength = int64(len(body))
	w := &countingWriter{header: http.Header{}, code: http.StatusOK}
	h.ServeHTTP(w, r)
	return w.code
}

type countingWriter struct {
	header http.Header
	code   int
	n      int
}

func (w *countingWriter) Header() http.Header { return w.header }

func (w *countingWriter) Write(b []byte) (int, error) {
	w.n += len(b)
	return len(b), nil
}

func (w *countingWriter) WriteHeader(code int) { w.code = code }

// TestPredictUTF16: offsets in the answer are UTF-16 code units even when
// the text holds characters outside the BMP and umlauts before the PII.
func TestPredictUTF16(t *testing.T) {
	text := "Grüße 😀😀 an Frau Müller-Lüdenscheidt, geb. 03.04.1955, aus Dresden.\n"
	lay, _ := cas.FromText(text, "utf16", nil)
	c := lay.CAS
	var x, ts bytes.Buffer
	if err := xmi.Write(&x, c); err != nil {
		t.Fatal(err)
	}
	if err := xmi.WriteTypeSystem(&ts, c.Types); err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]any{
		"metadata":   map[string]any{"layer": cas.DefaultPHIType, "feature": "kind", "projectId": 1},
		"document":   map[string]any{"xmi": x.String(), "documentId": 1, "userId": "u"},
		"typeSystem": ts.String(),
	})
	w := post(t, newTestServer(ServerOptions{}), "/phi/predict", "application/json", body, nil)
	if w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, w.Body.String())
	}
	var ans struct{ Document string }
	_ = json.Unmarshal(w.Body.Bytes(), &ans)
	tsDefs, _ := xmi.ReadTypeSystem(strings.NewReader(ts.String()))
	got, err := xmi.Read([]byte(ans.Document), tsDefs)
	if err != nil {
		t.Fatal(err)
	}
	u16 := utf16.Encode([]rune(text))
	want := map[string]bool{"Müller-Lüdenscheidt": false, "03.04.1955": false, "Dresden": false}
	for _, f := range got.FS {
		if f.Type != cas.DefaultPHIType {
			continue
		}
		b, _ := f.Int("begin")
		e, _ := f.Int("end")
		s := string(utf16.Decode(u16[b:e]))
		if _, ok := want[s]; ok {
			want[s] = true
		} else {
			t.Errorf("prediction %q at [%d,%d)", s, b, e)
		}
	}
	for s, ok := range want {
		if !ok {
			t.Errorf("%q not predicted", s)
		}
	}
}
