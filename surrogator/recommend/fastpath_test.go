package recommend

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/xmi"
	"github.com/surrogator/surrogator/surrogator/suspects"
)

// fullAnswer is the answer of the full path (read the CAS, predict, write
// it) to req, decoded back to a CAS.
func fullAnswer(t *testing.T, p *Predictor, ts *typeEntry, req *request) *cas.CAS {
	t.Helper()
	c, err := xmi.Read(req.xmi, ts.defs)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := PredictCAS(c, p, Target{Layer: req.layer, Feature: req.feature, Predicted: true, AnchorTokens: true}); err != nil {
		t.Fatal(err)
	}
	return c
}

// phiFS is a comparable form of the predicted and kept annotations of a
// layer: id, offsets and features in name order.
func phiFS(c *cas.CAS, layer string) []string {
	var out []string
	for _, f := range c.FS {
		if f.Type != layer {
			continue
		}
		var fs []string
		for _, ft := range f.Features {
			fs = append(fs, ft.Name+"="+string(ft.Value))
		}
		slices.Sort(fs)
		out = append(out, strings.Join(fs, " "))
	}
	slices.Sort(out)
	return out
}

// TestFastPathMatchesFull: for each shared letter as INCEpTION sends it,
// with and without its PHI annotations, the fast path (scanner and
// splice) answers, and its answer holds the same annotations, ids, view
// members and text as the full path's (reader, CAS, writer).
func TestFastPathMatchesFull(t *testing.T) {
	tsXML := gemtexTypeSystem(t)
	p := NewPredictor(suspects.New(suspects.Options{}))
	var cache typeCache
	for _, f := range testutil.GrasccoCAS(t) {
		bodies := [][]byte{}
		body, _ := letterRequest(t, f, tsXML)
		bodies = append(bodies, body, keptRequest(t, f, tsXML))
		for i, body := range bodies {
			req, err := decodeRequest(body, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			ts, err := cache.get(req.typeSystem)
			if err != nil {
				t.Fatal(err)
			}
			ans, n, err := predictFast(p, ts, req, Target{Layer: req.layer, Feature: req.feature, Predicted: true, AnchorTokens: true}, nil)
			if err != nil {
				t.Fatalf("%s/%d: fast path: %v", f.Name, i, err)
			}
			var got struct{ Document string }
			if err := json.Unmarshal(ans, &got); err != nil {
				t.Fatalf("%s/%d: answer is not JSON: %v", f.Name, i, err)
			}
			fast, err := xmi.Read([]byte(got.Document), ts.defs)
			if err != nil {
				t.Fatalf("%s/%d: answer is not XMI: %v", f.Name, i, err)
			}
			full := fullAnswer(t, p, ts, req)
			if a, b := phiFS(fast, req.layer), phiFS(full, req.layer); !slices.Equal(a, b) {
				t.Fatalf("%s/%d: %d annotations on the fast path, %d on the full path\n%v\n%v", f.Name, i, len(a), len(b), a, b)
			}
			if n == 0 && i == 0 {
				t.Errorf("%s: no predictions", f.Name)
			}
			_, fv, ft, _ := CASText(fast)
			_, uv, ut, _ := CASText(full)
			if ft != ut || !slices.Equal(fv.Members, uv.Members) || len(fast.FS) != len(full.FS) {
				t.Fatalf("%s/%d: text, members or feature structures differ", f.Name, i)
			}
		}
	}
}

// keptRequest is letterRequest with the letter's PHI annotations kept.
func keptRequest(t *testing.T, f testutil.CASFile, ts string) []byte {
	t.Helper()
	return requestJSON(t, string(mustXMI(t, f)), ts)
}

// TestFastPathFallback: documents the scanner refuses get the full path's
// answer (here: a comment in the XMI).
func TestFastPathFallback(t *testing.T) {
	tsXML := gemtexTypeSystem(t)
	f := testutil.GrasccoCAS(t)[0]
	body, _ := letterRequest(t, f, tsXML)
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatal(err)
	}
	doc := m["document"].(map[string]any)
	x := doc["xmi"].(string)
	doc["xmi"] = strings.Replace(x, "<cas:NULL", "<!-- a comment --><cas:NULL", 1)
	changed, _ := json.Marshal(m)
	req, err := decodeRequest(changed, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var cache typeCache
	ts, err := cache.get(req.typeSystem)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := predictFast(NewPredictor(suspects.New(suspects.Options{})), ts, req, Target{Layer: phiType, Feature: "kind"}, nil); !errors.Is(err, errFallback) {
		t.Fatalf("fast path on a document with a comment: %v, want errFallback", err)
	}
	w := post(t, newTestServer(ServerOptions{}), "/phi/predict", "application/json", changed, nil)
	if w.Code != 200 {
		t.Fatalf("fallback: status %d: %s", w.Code, w.Body.String())
	}
}

// TestRawOffset: every character start of an unquoted string maps to the
// offset of the quoted content whose prefix unquotes to the same prefix.
func TestRawOffset(t *testing.T) {
	s := strings.Repeat(`<a b="ü\/😀\\x"/>`+"\n\t\u2028", 200)
	for _, esc := range []bool{false, true} {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(esc)
		_ = enc.Encode(s)
		raw := bytes.TrimSpace(b.Bytes())
		checkRawOffsets(t, raw)
		// \u escapes for every non-ASCII character (Python's ensure_ascii)
		var a []byte
		a = append(a, '"')
		for _, r := range s {
			switch {
			case r == '"' || r == '\\':
				a = append(a, '\\', byte(r))
			case r < 0x20 || r >= 0x80:
				for _, u := range utf16Units(r) {
					a = append(a, []byte(`\u`+strings.ToUpper(hex16(u)))...)
				}
			default:
				a = utf8.AppendRune(a, r)
			}
		}
		a = append(a, '"')
		checkRawOffsets(t, a)
	}
}

func checkRawOffsets(t *testing.T, raw []byte) {
	t.Helper()
	u, cps, err := unquoteMapped(nil, raw, true)
	if err != nil {
		t.Fatal(err)
	}
	content := raw[1 : len(raw)-1]
	for i := 0; i <= len(u); i++ {
		if i < len(u) && !utf8.RuneStart(u[i]) {
			continue
		}
		r := rawOffset(content, cps, i)
		pre, err := unquote(nil, append(append([]byte{'"'}, content[:r]...), '"'))
		if err != nil || !bytes.Equal(pre, u[:i]) {
			t.Fatalf("offset %d maps to %d: prefix differs (%v)", i, r, err)
		}
	}
}

func utf16Units(r rune) []uint16 {
	if r < 0x10000 {
		return []uint16{uint16(r)}
	}
	r -= 0x10000
	return []uint16{uint16(0xD800 + r>>10), uint16(0xDC00 + r&0x3FF)}
}

func hex16(u uint16) string {
	const h = "0123456789abcdef"
	return string([]byte{h[u>>12], h[u>>8&15], h[u>>4&15], h[u&15]})
}

// TestPredictOneTokenization: the detector's two passes over one
// tokenization (DetectWithRepeats) find what Detect and DetectRepeats
// find, on the shared letters (with and without their annotations) and
// the project's development letters.
func TestPredictOneTokenization(t *testing.T) {
	det := suspects.New(suspects.Options{})
	type doc struct {
		text  string
		spans []document.Span
	}
	var docs []doc
	for _, f := range testutil.GrasccoCAS(t) {
		d := testutil.Doc(t, f)
		docs = append(docs, doc{d.Text, nil}, doc{d.Text, d.Spans})
	}
	for _, d := range projectLetters(t, "dev") {
		docs = append(docs, doc{d.Text, nil}, doc{d.Text, d.Spans})
	}
	if len(docs) < 40 {
		t.Fatalf("only %d documents", len(docs))
	}
	for i, d := range docs {
		want := det.Detect(d.text, d.spans)
		var wantMore []suspects.Suspect
		if len(want) > 0 {
			wantMore = det.DetectRepeats(d.text, seenSpans(d.spans, want))
		}
		got, more := det.DetectWithRepeats(d.text, d.spans, func(first []suspects.Suspect) []document.Span {
			return seenSpans(d.spans, first)
		})
		if !slices.Equal(got, want) || !slices.Equal(more, wantMore) {
			t.Fatalf("document %d: %d+%d suspects in one tokenization, %d+%d in two", i, len(got), len(more), len(want), len(wantMore))
		}
	}
}
