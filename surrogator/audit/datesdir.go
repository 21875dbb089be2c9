package audit

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// DateDoc is what the standalone audit knows of one released document's
// dates from a nested mapping.json: the shown dates (surrogates or gemtex
// dates) with their originals.
type DateDoc struct {
	// Shown maps a shown date to its original.
	Shown map[string]string
	// Originals are the audited date originals (DateAudited).
	Originals []string
}

// collisionSuffix is the suffix the mapping gives a key that two
// originals share (" #2").
var collisionSuffix = regexp.MustCompile(` #[0-9]+$`)

// DateDocsFromMapping reads the dates of every document of a nested
// mapping.json, by docid (the public file's name without ".txt"). A flat
// mapping names documents, not public files: it yields nothing (the
// date audit needs the nested form). A birth or death date shown as
// written is a gemtex quarter's first day that the date happened to be:
// it tells no more than its quarter and is not audited.
func DateDocsFromMapping(data []byte) (map[string]DateDoc, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("audit: mapping: %w", err)
	}
	out := map[string]DateDoc{}
	for _, v := range raw {
		var doc struct {
			DocID       string                       `json:"docid"`
			Annotations map[string]map[string]string `json:"annotations"`
		}
		if json.Unmarshal(v, &doc) != nil || doc.DocID == "" {
			continue // flat entries are strings
		}
		dd := DateDoc{Shown: map[string]string{}}
		seen := map[string]bool{}
		for kind, m := range doc.Annotations {
			k, ok := kinds.Parse(kind)
			if !ok || !k.IsDate() {
				continue
			}
			for shown, o := range m {
				shown = collisionSuffix.ReplaceAllString(shown, "")
				if kinds.RulesOf(k).LifeDate && shown == o {
					dd.Shown[shown] = ""
					continue
				}
				dd.Shown[shown] = o
				if !seen[o] && DateAudited(o) {
					seen[o] = true
					dd.Originals = append(dd.Originals, o)
				}
			}
		}
		sort.Strings(dd.Originals)
		if len(dd.Shown) > 0 {
			out[doc.DocID] = dd
		}
	}
	return out, nil
}

// DateRegions finds every occurrence of the document's shown dates in
// text (as DateLeaks matches originals): the regions where a date
// surrogate stands.
func (dd DateDoc) DateRegions(text string) []DateRegion {
	ft, pos := foldSpace(text)
	var out []DateRegion
	for shown, o := range dd.Shown {
		fs, _ := foldSpace(strings.TrimSpace(shown))
		if fs == "" {
			continue
		}
		for from := 0; from <= len(ft)-len(fs); {
			k := strings.Index(ft[from:], fs)
			if k < 0 {
				break
			}
			b, e := from+k, from+k+len(fs)
			from = b + 1
			if boundary(ft, b, e, fs) {
				out = append(out, DateRegion{Begin: int(pos[b]), End: int(pos[e]), Original: o})
			}
		}
	}
	return out
}

// DateDir audits every <docid>.txt file below dir whose document docs
// holds for the document's own date originals (DateLeaks, with the
// shown dates as regions) and returns the files with hits, sorted by
// path.
func DateDir(dir string, docs map[string]DateDoc) ([]Finding, error) {
	var out []Finding
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".txt") {
			return nil
		}
		dd, ok := docs[strings.TrimSuffix(filepath.Base(p), ".txt")]
		if !ok || len(dd.Originals) == 0 {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		text := string(b)
		if h := DateLeaks(text, dd.Originals, dd.DateRegions(text)); len(h) > 0 {
			out = append(out, Finding{File: p, Hits: len(h)})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].File < out[j].File })
	return out, nil
}
