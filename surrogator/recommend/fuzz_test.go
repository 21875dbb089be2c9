package recommend

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/formats/xmi"
)

// seedRequest is a predict request built from the repository's small CAS
// fixture (testdata/cas/mini.json), with its own type system.
func seedRequest(t testing.TB) []byte {
	data, err := os.ReadFile(filepath.Join(testutil.RepoRoot(t), "testdata", "cas", "mini.json"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := casjson.ReadCAS(data)
	if err != nil {
		t.Fatal(err)
	}
	var x, ts bytes.Buffer
	if err := xmi.Write(&x, c); err != nil {
		t.Fatal(err)
	}
	if err := xmi.WriteTypeSystem(&ts, c.Types); err != nil {
		t.Fatal(err)
	}
	layer := ""
	for _, td := range c.Types {
		if td.Name == "webanno.custom.PHI" || layer == "" && len(td.Features) > 0 {
			layer = td.Name
		}
	}
	b, _ := json.Marshal(map[string]any{
		"metadata":   map[string]any{"layer": layer, "feature": "kind", "projectId": 1, "anchoringMode": "tokens"},
		"document":   map[string]any{"xmi": x.String(), "documentId": 1, "userId": "u"},
		"typeSystem": ts.String(),
	})
	return b
}

// FuzzPredict: any request body gets 200 or a 4xx, never a panic or a
// 5xx, and a 200 answer is JSON holding XMI that reads back.
func FuzzPredict(f *testing.F) {
	seed := seedRequest(f)
	f.Add(seed)
	f.Add([]byte(`{"metadata":{"layer":"a.B","feature":"kind"},"document":{"xmi":"<x/>"},"typeSystem":"<t/>"}`))
	f.Add([]byte(`{}`))
	srv := newTestServer(ServerOptions{Limits: Limits{MaxBody: 1 << 20}})
	f.Fuzz(func(t *testing.T, body []byte) {
		r := httptest.NewRequest(http.MethodPost, "/phi/predict", bytes.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, r)
		switch {
		case w.Code == http.StatusOK:
			var ans struct{ Document string }
			if err := json.Unmarshal(w.Body.Bytes(), &ans); err != nil || ans.Document == "" {
				t.Fatalf("200 without a document: %v", err)
			}
			if _, err := xmi.Read([]byte(ans.Document), nil); err != nil {
				t.Fatalf("answer does not read back: %v", err)
			}
		case w.Code >= 400 && w.Code < 500:
		default:
			t.Fatalf("status %d: %s", w.Code, w.Body.String())
		}
	})
}

// TestSeedRequest: the fuzz seed is a valid request (so that fuzzing
// starts from the 200 path).
func TestSeedRequest(t *testing.T) {
	srv := newTestServer(ServerOptions{})
	if w := post(t, srv, "/phi/predict", "application/json", seedRequest(t), nil); w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, w.Body.String())
	}
}

// FuzzDecodeRequest holds the request decoder to encoding/json: whatever
// it accepts, encoding/json accepts with the same layer, feature,
// anchoring mode, XMI and type system.
func FuzzDecodeRequest(f *testing.F) {
	f.Add(seedRequest(f))
	f.Add([]byte(`{"metadata":{"layer":"a.B","feature":"kind","projectId":1,"x":[1,2.5e3,{"y":null}]},"document":{"xmi":"<x a=\"\u00fc\ud83d\ude00\"/>\n","documentId":1},"typeSystem":"<t/>"}`))
	f.Add([]byte(`{"metadata":null,"document":{"xmi":null},"typeSystem":null}`))
	f.Add([]byte(`{"Metadata":{"LAYER":"a"}}`))
	f.Add([]byte(`{"typeSystem":"<t/>","document":{"xmi":"<t a=\"\\\"/>"}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		req, err := decodeRequest(body, nil, nil)
		// with type systems known, the same answer
		known, errK := decodeRequest(body, func() [][]byte { return [][]byte{[]byte(`"<t/>"`), []byte(`"<t a=\"\\\"/>"`)} }, nil)
		if (err == nil) != (errK == nil) || err == nil && (!bytes.Equal(req.typeSystem, known.typeSystem) || !bytes.Equal(req.xmi, known.xmi)) {
			t.Fatalf("known type systems change the decoding: %v / %v", err, errK)
		}
		if err != nil {
			return
		}
		ts := ""
		if req.typeSystem != nil {
			b, err := unquote(nil, req.typeSystem)
			if err != nil {
				return // validated when parsed: the server refuses it then
			}
			ts = string(b)
		}
		var want predictRequest
		if err := json.Unmarshal(body, &want); err != nil {
			t.Fatalf("decodeRequest accepted what encoding/json refuses: %v", err)
		}
		xmi := ""
		if want.Document != nil {
			xmi = want.Document.XMI
		}
		if req.layer != want.Metadata.Layer || req.feature != want.Metadata.Feature || req.anchoring != want.Metadata.AnchoringMode ||
			string(req.xmi) != xmi || ts != want.TypeSystem {
			t.Fatalf("decoders differ: %q %q %q vs %+v", req.layer, req.feature, req.anchoring, want.Metadata)
		}
	})
}

// predictRequest is the request as encoding/json reads it (the reference
// of FuzzDecodeRequest).
type predictRequest struct {
	Metadata struct {
		Layer         string `json:"layer"`
		Feature       string `json:"feature"`
		AnchoringMode string `json:"anchoringMode"`
	} `json:"metadata"`
	Document *struct {
		XMI string `json:"xmi"`
	} `json:"document"`
	TypeSystem string `json:"typeSystem"`
}
