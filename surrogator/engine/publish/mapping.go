package publish

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"

	"github.com/surrogator/surrogator/surrogator/engine/plan"
	"github.com/surrogator/surrogator/surrogator/output"
)

// Mappings streams a project's mapping.json and mapping_flat.json
// (private) document by document in reading order, so that the key of a
// large corpus is never held in memory. Both files are written under
// temporary names and renamed when complete.
type Mappings struct {
	nested, flat *jsonObjectWriter
}

// docMap is one document's entry in mapping.json.
type docMap struct {
	FilenameOrig string                       `json:"filename_orig"`
	DocID        string                       `json:"docid"`
	Annotations  map[string]map[string]string `json:"annotations"`
}

func NewMappings(dir string) (*Mappings, error) {
	n, err := newJSONObjectWriter(filepath.Join(dir, "mapping.json"))
	if err != nil {
		return nil, err
	}
	f, err := newJSONObjectWriter(filepath.Join(dir, "mapping_flat.json"))
	if err != nil {
		n.abort()
		return nil, err
	}
	return &Mappings{nested: n, flat: f}, nil
}

// add writes the entries of one released document; collisions counts
// mapping keys that needed a suffix.
func (m *Mappings) Add(project string, dp *plan.Doc, collisions *int) error {
	if m == nil {
		return nil
	}
	dm := &docMap{FilenameOrig: dp.Doc.Name, DocID: dp.DocID, Annotations: map[string]map[string]string{}}
	flat := map[string]string{}
	for _, r := range dp.Reps {
		if r.Kept || r.MapKey == "" {
			continue
		}
		k := string(r.Kind)
		if dm.Annotations[k] == nil {
			dm.Annotations[k] = map[string]string{}
		}
		key := r.MapKey
		for n := 2; ; n++ {
			prev, ok := dm.Annotations[k][key]
			if !ok || prev == r.Original {
				break
			}
			if n == 2 {
				*collisions++
			}
			key = fmt.Sprintf("%s #%d", r.MapKey, n)
		}
		dm.Annotations[k][key] = r.Original
		flat[project+"-**-"+dp.Doc.Name+"-**-"+k+"-**-"+key] = r.Original
	}
	if err := m.nested.add(dp.Doc.Name, dm); err != nil {
		return err
	}
	keys := make([]string, 0, len(flat))
	for k := range flat {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if err := m.flat.add(k, flat[k]); err != nil {
			return err
		}
	}
	return nil
}

func (m *Mappings) Finish() error {
	if m == nil {
		return nil
	}
	if err := m.nested.finish(); err != nil {
		m.flat.abort()
		return err
	}
	return m.flat.finish()
}

func (m *Mappings) Abort() {
	if m == nil {
		return
	}
	m.nested.abort()
	m.flat.abort()
}

// jsonObjectWriter writes one JSON object member by member, laid out as
// json.MarshalIndent(v, "", "  ") lays out a map, into a private file
// (output.CreatePrivate) that finish commits.
type jsonObjectWriter struct {
	f   *output.PrivateFile
	n   int
	err error
}

func newJSONObjectWriter(path string) (*jsonObjectWriter, error) {
	f, err := output.CreatePrivate(path)
	if err != nil {
		return nil, fmt.Errorf("engine: mapping: %w", err)
	}
	w := &jsonObjectWriter{f: f}
	w.write([]byte("{"))
	return w, nil
}

func (w *jsonObjectWriter) write(b []byte) {
	if w.err == nil {
		if _, err := w.f.Write(b); err != nil {
			w.err = fmt.Errorf("engine: mapping: %w", err)
		}
	}
}

func (w *jsonObjectWriter) add(key string, v any) error {
	if w.err != nil {
		return w.err
	}
	k, err := json.Marshal(key)
	if err != nil {
		w.err = fmt.Errorf("engine: mapping: %w", err)
		return w.err
	}
	b, err := json.MarshalIndent(v, "  ", "  ")
	if err != nil {
		w.err = fmt.Errorf("engine: mapping: %w", err)
		return w.err
	}
	if w.n > 0 {
		w.write([]byte(","))
	}
	w.n++
	w.write([]byte("\n  "))
	w.write(k)
	w.write([]byte(": "))
	w.write(b)
	return w.err
}

func (w *jsonObjectWriter) finish() error {
	if w.n > 0 {
		w.write([]byte("\n"))
	}
	w.write([]byte("}\n"))
	if w.err != nil {
		w.abort()
		return w.err
	}
	if err := w.f.Commit(); err != nil {
		return fmt.Errorf("engine: mapping: %w", err)
	}
	return nil
}

func (w *jsonObjectWriter) abort() {
	if w != nil && w.f != nil {
		w.f.Abort()
	}
}
