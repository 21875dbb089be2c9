package cas

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzReadJSON: decoding never panics; whatever decodes and extracts can be
// written and re-read with the same text and spans, and re-based.
func FuzzReadJSON(f *testing.F) {
	if b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "cas", "mini.json")); err == nil {
		f.Add(b)
	}
	f.Add([]byte(`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"ab"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ReadJSON(data)
		if err != nil {
			return
		}
		ex, err := Extract(c, PHIConfig{})
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := WriteJSON(&b, c); err != nil {
			t.Fatal(err)
		}
		c2, err := ReadJSON(b.Bytes())
		if err != nil {
			t.Fatalf("re-read: %v", err)
		}
		ex2, err := Extract(c2, PHIConfig{})
		if err != nil {
			t.Fatalf("re-extract: %v", err)
		}
		if ex2.Text != ex.Text || len(ex2.Spans) != len(ex.Spans) {
			t.Fatal("round trip changed text or spans")
		}
	})
}
