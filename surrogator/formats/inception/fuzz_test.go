package inception

import (
	"archive/zip"
	"bytes"
	"errors"
	"testing"

	"github.com/surrogator/surrogator/surrogator/document"
)

func seedZip() []byte {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for name, body := range map[string]string{
		"exportedproject.json":              `{"name":"p","source_documents":[{"name":"a.txt","state":"CURATION_FINISHED"}]}`,
		"curation/a.txt/CURATION_USER.json": `{}`,
		"annotation/b.txt/alice.json":       `{}`,
		"annotation/b.txt/INITIAL_CAS.json": `{}`,
	} {
		f, _ := w.Create(name)
		f.Write([]byte(body))
	}
	w.Close()
	return b.Bytes()
}

// FuzzArchive: opening and reading arbitrary bytes as a project export
// never panics and respects the limits.
func FuzzArchive(f *testing.F) {
	f.Add(seedZip())
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := OpenArchive(bytes.NewReader(data), int64(len(data)), Limits{MaxEntry: 1 << 20, MaxTotal: 4 << 20})
		if err != nil {
			return
		}
		p, err := Read(a, Options{Decode: func(entry string, data, ts []byte) (*document.Document, error) {
			if len(data) > 1<<20 {
				t.Fatal("limit not enforced")
			}
			return nil, errors.New("no decode in fuzz")
		}})
		if err != nil {
			return
		}
		if len(p.Documents) != 0 {
			t.Fatal("document without decode")
		}
	})
}
