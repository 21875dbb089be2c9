package audit

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// Finding is a public file that contains originals.
type Finding struct {
	// File is the path of the public file.
	File string
	// Hits is the number of occurrences found.
	Hits int
}

// OriginalsFromMapping reads a mapping.json (nested) or mapping_flat.json
// and returns the audited originals. For the flat form, originals are
// grouped by project ("" when the key has no project part); the nested form
// yields one group "".
func OriginalsFromMapping(data []byte) (map[string][]string, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("audit: mapping: %w", err)
	}
	out := map[string][]string{}
	for k, v := range raw {
		var s string
		if json.Unmarshal(v, &s) == nil {
			// flat: project-**-doc-**-KIND-**-key
			parts := strings.Split(k, "-**-")
			if len(parts) != 4 {
				return nil, fmt.Errorf("audit: mapping: flat key with %d parts", len(parts))
			}
			if kd, ok := kinds.Parse(parts[2]); ok && Audited(kd) {
				out[parts[0]] = append(out[parts[0]], s)
			}
			continue
		}
		var doc struct {
			Annotations map[string]map[string]string `json:"annotations"`
		}
		if err := json.Unmarshal(v, &doc); err != nil {
			return nil, fmt.Errorf("audit: mapping: entry is neither flat nor nested")
		}
		for kind, m := range doc.Annotations {
			kd, ok := kinds.Parse(kind)
			if !ok || !Audited(kd) {
				continue
			}
			for _, o := range m {
				out[""] = append(out[""], o)
			}
		}
	}
	for k := range out {
		sort.Strings(out[k])
	}
	return out, nil
}

// Dir audits every .txt file below dir with m and returns the files with
// hits, sorted by path.
func Dir(dir string, m *Matcher) ([]Finding, int, error) {
	var out []Finding
	checked := 0
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".txt") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		checked++
		if h := m.Find(string(b)); len(h) > 0 {
			out = append(out, Finding{File: p, Hits: len(h)})
		}
		return nil
	})
	if err != nil {
		return nil, checked, fmt.Errorf("audit: %w", err)
	}
	return out, checked, nil
}
