package inception

import (
	"archive/zip"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/formats/xmi"
	"github.com/surrogator/surrogator/surrogator/formats/zipread"
)

// miniCAS is the repository's small CAS JSON test document, or a minimal
// one when the file is missing.
func miniCAS() string {
	if b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "cas", "mini.json")); err == nil {
		return string(b)
	}
	return `{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaID":"_InitialView","sofaString":"Herr Meier"},` +
		`{"%ID":2,"%TYPE":"custom.PHI","@sofa":1,"begin":5,"end":10,"kind":"NAME_PATIENT"}],"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":[2]}}}`
}

const miniXMI = `<xmi:XMI xmlns:xmi="http://www.omg.org/XMI" xmlns:cas="http:///uima/cas.ecore" xmlns:custom="http:///webanno/custom.ecore">` +
	`<cas:Sofa xmi:id="1" sofaNum="1" sofaID="_InitialView" sofaString="Herr &#128512; Meier"/>` +
	`<custom:PHI xmi:id="2" sofa="1" begin="8" end="13" kind="NAME_PATIENT"/></xmi:XMI>`

func seedZip(entries map[string]string) []byte {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for name, body := range entries {
		f, _ := w.Create(name)
		f.Write([]byte(body))
	}
	w.Close()
	return b.Bytes()
}

// decode is the decoder formats uses, without the nested XMI zip.
func decode(entry string, data, ts []byte) (*document.Document, error) {
	switch {
	case strings.HasSuffix(entry, ".json"):
		return casjson.Read(data, cas.PHIConfig{})
	case strings.HasSuffix(entry, ".xmi"):
		var types []*cas.TypeDef
		if len(ts) > 0 {
			t, err := xmi.ReadTypeSystem(bytes.NewReader(ts))
			if err != nil {
				return nil, err
			}
			types = t
		}
		c, err := xmi.Read(data, types)
		if err != nil {
			return nil, err
		}
		return casjson.FromCAS(c, cas.PHIConfig{}, document.FormatXMI)
	}
	return nil, errors.New("unsupported entry")
}

// FuzzArchive: opening and reading arbitrary bytes as a project export
// never panics and respects the limits; every document read has its spans
// placed within its text on rune boundaries, and every document is either
// read or reported.
func FuzzArchive(f *testing.F) {
	f.Add(seedZip(map[string]string{
		"exportedproject.json":              `{"name":"p","source_documents":[{"name":"a.txt","state":"CURATION_FINISHED"}]}`,
		"curation/a.txt/CURATION_USER.json": miniCAS(),
		"annotation/b.txt/alice.json":       `{}`,
		"annotation/b.txt/INITIAL_CAS.json": `{}`,
		"annotation/c.txt/bob.xmi":          miniXMI,
	}))
	f.Add(seedZip(map[string]string{
		"curation/a.txt/CURATION_USER.json": strings.Replace(miniCAS(), `"begin":5`, `"begin":"5"`, 1),
		"annotation/c.txt/bob.xmi":          strings.Replace(miniXMI, `end="13"`, `end="14"`, 1),
	}))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := zipread.Open(bytes.NewReader(data), int64(len(data)), zipread.Limits{MaxEntry: 1 << 20, MaxTotal: 4 << 20})
		if err != nil {
			return
		}
		p, err := Read(a, Options{Decode: func(entry string, data, ts []byte) (*document.Document, error) {
			if len(data) > 1<<20 || len(ts) > 1<<20 {
				t.Fatal("limit not enforced")
			}
			return decode(entry, data, ts)
		}})
		if err != nil {
			return
		}
		for _, d := range p.Documents {
			if err := d.CheckPlacement(); err != nil {
				t.Fatalf("document %d accepted: %v", len(p.Errors), err)
			}
			if d.Source == "" {
				t.Fatal("document without its entry")
			}
		}
	})
}
