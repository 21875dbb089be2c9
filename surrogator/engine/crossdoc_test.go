package engine

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestOtherLettersOriginalsInPIIPosition (red team): letter A annotates
// Dr. Sommer, the town Hof and the station G3; letter B does not annotate
// them. Where B uses the words as ordinary words ("im Sommer 2022", "auf
// einem Hof", a tumour grade G3) it is released; where B writes one of them
// in a name, place or ID position it is quarantined, in either scope and
// for every seed, and no public file holds the original there.
func TestOtherLettersOriginalsInPIIPosition(t *testing.T) {
	a := "Befund von Dr. Sommer, Station G3, Klinikum in Hof."
	span := func(text, s, kind string) jsonlSpan {
		i := strings.Index(text, s)
		b := utf8.RuneCountInString(text[:i])
		return jsonlSpan{Begin: b, End: b + utf8.RuneCountInString(s), Kind: kind}
	}
	letterA := jsonlDoc{ID: "a", Text: a, Spans: []jsonlSpan{span(a, "Sommer", "NAME_DOCTOR"), span(a, "G3", "ID"), span(a, "Hof", "LOCATION_CITY")}}
	ordinary := "Nach einem Sturz im Sommer 2022 wuchs er auf einem Hof auf. Karzinom G3, Troponin 412 ng/l."
	leaks := []string{
		"Rückfragen bitte an Dr. Sommer.",
		"z. Hd. Herrn Sommer",
		"Sommer, geb. 1960, wurde aufgenommen.",
		"wohnhaft in 95028 Hof",
		"Verlegung auf Station G3.",
	}
	for k := int64(0); k < 6; k++ {
		seed, scope := k/2+1, []Scope{ScopeDocument, ScopeCorpus}[k%2]
		// each letter B annotates its own patient (QC releases no letter
		// without an annotation)
		pre := "Patientin Frau Quastenmeyer. "
		b := func(id, text string) jsonlDoc {
			return jsonlDoc{ID: id, Text: pre + text, Spans: []jsonlSpan{span(pre, "Quastenmeyer", "NAME_PATIENT")}}
		}
		docs := []jsonlDoc{letterA, b("ordinary", ordinary)}
		for i, l := range leaks {
			docs = append(docs, b("leak"+string(rune('0'+i)), l))
		}
		in := writeJSONL(t, filepath.Join(t.TempDir(), "proj"), "letters.jsonl", docs)
		out := t.TempDir()
		res, err := Run(context.Background(), []string{in}, Options{Mode: ModeFictive, Scope: scope, Seed: seed, SeedSet: true, Out: out, Workers: 1, Now: fixedNow})
		if err != nil {
			t.Fatalf("%s seed %d: %v", scope, seed, err)
		}
		quarantined := map[string]bool{}
		for _, e := range res.Excluded {
			if e.Quarantined {
				quarantined[e.Document] = true
			}
		}
		if quarantined["ordinary"] {
			t.Errorf("%s seed %d: the letter using the words as ordinary words was quarantined", scope, seed)
		}
		for i := range leaks {
			if id := "leak" + string(rune('0'+i)); !quarantined[id] {
				t.Errorf("%s seed %d: %q published: another letter's original in PII position", scope, seed, leaks[i])
			}
		}
		for p, txt := range publicFiles(t, out) {
			for _, l := range []string{"Dr. Sommer", "Herrn Sommer", "95028 Hof", "Station G3"} {
				if strings.Contains(txt, l) {
					t.Errorf("%s seed %d: %s holds %q", scope, seed, filepath.Base(p), l)
				}
			}
		}
	}
}
