package engine

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/audit"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/engine/plan"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// TestPlantedDateQuarantined: a letter that repeats an annotated date
// unannotated ("Weihnachten 2021" once as a DATE, once in running text) is
// quarantined, in every mode that shifts dates; the same letter with the
// repeat annotated is released, and with --date-shift 0 (dates kept, as
// SPEC §5 allows) nothing is searched for.
func TestPlantedDateQuarantined(t *testing.T) {
	text := "Aufnahme am 12.03.2021. Seit Weihnachten 2021 beschwerdefrei, Weihnachten 2021 ohne Befund."
	at := func(s string, n int) (int, int) {
		i := -1
		for range n {
			i += 1 + strings.Index(text[i+1:], s)
		}
		return i, i + len(s)
	}
	b1, e1 := at("12.03.2021", 1)
	b2, e2 := at("Weihnachten 2021", 1)
	b3, e3 := at("Weihnachten 2021", 2)
	planted := jsonlDoc{ID: "a", Text: text, Spans: []jsonlSpan{{Begin: b1, End: e1, Kind: "DATE"}, {Begin: b2, End: e2, Kind: "DATE"}}}
	clean := jsonlDoc{ID: "b", Text: text, Spans: []jsonlSpan{{Begin: b1, End: e1, Kind: "DATE"}, {Begin: b2, End: e2, Kind: "DATE"}, {Begin: b3, End: e3, Kind: "DATE"}}}
	for _, mode := range []Mode{ModeFictive, ModeGemtex} {
		for _, shift := range []int{-25, 14, 200} {
			in := writeJSONL(t, filepath.Join(t.TempDir(), "proj"), "letters.jsonl", []jsonlDoc{planted, clean})
			res, err := Run(context.Background(), []string{in}, Options{Mode: mode, Seed: 1, SeedSet: true, Out: t.TempDir(), Now: fixedNow,
				DateShift: shift, DateShiftSet: true})
			if err != nil {
				t.Fatal(err)
			}
			if res.Released() != 1 || len(res.Excluded) != 1 || !res.Excluded[0].Quarantined {
				t.Fatalf("%s, shift %d: released %d, excluded %+v", mode, shift, res.Released(), res.Excluded)
			}
			for p, pub := range publicFiles(t, filepath.Dir(filepath.Dir(res.PublicRoot))) {
				if strings.Contains(pub, "Weihnachten 2021") || strings.Contains(pub, "12.03.2021") {
					t.Fatalf("%s, shift %d: %s holds an original date", mode, shift, p)
				}
			}
		}
	}
	in := writeJSONL(t, filepath.Join(t.TempDir(), "proj"), "letters.jsonl", []jsonlDoc{planted})
	res, err := Run(context.Background(), []string{in}, Options{Mode: ModeFictive, Seed: 1, SeedSet: true, Out: t.TempDir(), Now: fixedNow,
		DateShift: 0, DateShiftSet: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Released() != 1 {
		t.Fatalf("--date-shift 0: released %d, excluded %+v", res.Released(), res.Excluded)
	}
}

// TestDateLeaksCoincidence: a shifted date that spells another original
// date of the same letter (two dates 14 days apart, shift 14) is no leak;
// the same text outside every date surrogate, or a date published as
// written, is.
func TestDateLeaksCoincidence(t *testing.T) {
	orig := "Am 01.03.2020 und am 15.03.2020."
	d := &document.Document{Name: "x", Text: orig, Spans: []document.Span{{Begin: 3, End: 13, Kind: kinds.Date}, {Begin: 21, End: 31, Kind: kinds.Date}}}
	reps := []plan.Replacement{
		{Span: 0, Kind: kinds.Date, Original: "01.03.2020", Surrogate: "15.03.2020", Shifted: true},
		{Span: 1, Kind: kinds.Date, Original: "15.03.2020", Surrogate: "29.03.2020", Shifted: true},
	}
	pub := "Am 15.03.2020 und am 29.03.2020."
	nd := &document.Document{Name: "x", Text: pub, Spans: d.Spans}
	if h := plan.DateLeaks(pub, nd, reps, false); len(h) != 0 {
		t.Fatalf("a coincident shifted date is taken for a leak: %v", h)
	}
	pub2 := "Am 15.03.2020 und am 29.03.2020. Kontrolle 15.03.2020."
	nd2 := &document.Document{Name: "x", Text: pub2, Spans: d.Spans}
	if h := plan.DateLeaks(pub2, nd2, reps, false); len(h) != 1 {
		t.Fatalf("planted 15.03.2020 outside the date spans: %d hits, want 1", len(h))
	}
	reps[1].Surrogate = "15.03.2020" // published as written
	pub3 := "Am 15.03.2020 und am 15.03.2020."
	nd3 := &document.Document{Name: "x", Text: pub3, Spans: d.Spans}
	if h := plan.DateLeaks(pub3, nd3, reps, false); len(h) != 1 {
		t.Fatal("a date published as written is not caught")
	}
	if !audit.DateAudited("März 2021") || audit.DateAudited("2021") || audit.DateAudited("seit 2007") {
		t.Fatal("DateAudited: a month is audited, a bare year is not")
	}
}
