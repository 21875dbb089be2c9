package inception

import (
	"bytes"
	"github.com/surrogator/surrogator/surrogator/formats/zipread"
	"strings"
	"testing"
)

// TestPickCuration: the curation is read whenever a document has one, also
// with --annotator (which only chooses among the annotators of a document
// that was not curated); two CAS files where one is expected are an error,
// never "last one wins" (review of issue 9, defects 3 and 4).
func TestPickCuration(t *testing.T) {
	cas := func(text string) string {
		return `{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaID":"_InitialView","sofaString":"` + text + `"},` +
			`{"%ID":2,"%TYPE":"webanno.custom.PHI","@sofa":1,"begin":0,"end":4,"kind":"NAME_PATIENT"}],"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":[2]}}}`
	}
	entries := map[string]string{
		"curation/cur.txt/CURATION_USER.json": cas("CURA"),
		"annotation/cur.txt/anna.json":        cas("ANNA"),
		"annotation/two.txt/anna.json":        cas("ANNA"),
		"annotation/two.txt/bert.json":        cas("BERT"),
		"curation/dup.txt/CURATION_USER.json": cas("CUR1"),
		"curation/dup.txt/CURATION_USER.xmi":  miniXMI,
		"annotation/twice.txt/anna.json":      cas("ANN1"),
		"annotation/twice.txt/anna.xmi":       miniXMI,
	}
	data := seedZip(entries)
	for _, tc := range []struct {
		annotator string
		read      map[string]string // document → text read
		errs      map[string]string // document → error fragment
	}{
		{"", map[string]string{"cur.txt": "CURA"},
			map[string]string{"two.txt": "several users", "dup.txt": "2 curated CAS files", "twice.txt": "2 CAS files of one annotator"}},
		{"anna", map[string]string{"cur.txt": "CURA", "two.txt": "ANNA"},
			map[string]string{"dup.txt": "2 curated CAS files", "twice.txt": "2 CAS files of the chosen annotator"}},
		{"nobody", map[string]string{"cur.txt": "CURA"},
			map[string]string{"two.txt": "no annotations by the chosen annotator", "dup.txt": "2 curated", "twice.txt": "no annotations"}},
	} {
		a, err := zipread.Open(bytes.NewReader(data), int64(len(data)), zipread.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		p, err := Read(a, Options{Decode: decode, Annotator: tc.annotator})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for _, d := range p.Documents {
			got[d.Name] = d.Text
		}
		if len(got) != len(tc.read) {
			t.Errorf("--annotator %q: read %v, want %v", tc.annotator, got, tc.read)
		}
		for name, text := range tc.read {
			if got[name] != text {
				t.Errorf("--annotator %q: %s read %q, want %q", tc.annotator, name, got[name], text)
			}
		}
		errs := map[string]string{}
		for _, e := range p.Errors {
			errs[e.Document] = e.Err.Error()
		}
		for name, frag := range tc.errs {
			if !strings.Contains(errs[name], frag) {
				t.Errorf("--annotator %q: %s error %q, want %q", tc.annotator, name, errs[name], frag)
			}
		}
	}
}
