package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/dates"
)

// TestShiftClampedPerDocument: a date with a two-digit year cannot leave
// its century window ("02-04/50" is 1950; 1949 would read as 2049), so the
// document's shift is clamped once for all its dates: every date moves
// alike and "02-04/50" stays before "31.10.1950" (clamping each date on its
// own let the month range fall 45 days while the day fell 328).
func TestShiftClampedPerDocument(t *testing.T) {
	pre := "Therapie "
	mid := ", Aufenthalt bis "
	text := pre + "02-04/50" + mid + "31.10.1950" + " bei Frau Quandtmeyer."
	b1 := utf8.RuneCountInString(pre)
	b2 := b1 + len("02-04/50") + utf8.RuneCountInString(mid)
	nb := utf8.RuneCountInString(text) - len("Quandtmeyer.")
	doc := jsonlDoc{ID: "a", Text: text, Spans: []jsonlSpan{
		{Begin: b1, End: b1 + 8, Kind: "DATE"}, {Begin: b2, End: b2 + 10, Kind: "DATE"}, {Begin: nb, End: nb + 11, Kind: "NAME_PATIENT"}}}
	in := writeJSONL(t, filepath.Join(t.TempDir(), "proj"), "letters.jsonl", []jsonlDoc{doc})
	for _, mode := range []Mode{ModeFictive, ModeGemtex} {
		res, err := Run(context.Background(), []string{in}, Options{Mode: mode, Seed: 1, SeedSet: true, DateShift: -328, DateShiftSet: true,
			Out: t.TempDir(), Now: fixedNow})
		if err != nil {
			t.Fatal(err)
		}
		files, _ := filepath.Glob(filepath.Join(res.PublicRoot, "proj", "*.txt"))
		if len(files) != 1 {
			t.Fatalf("%s: public files %v", mode, files)
		}
		b, _ := os.ReadFile(files[0])
		out := string(b)
		out = strings.NewReplacer("[** DATE ", "", " **]", "").Replace(out)
		r1 := strings.TrimPrefix(out[:strings.Index(out, ",")], pre)
		r2 := out[strings.Index(out, mid)+len(mid):]
		r2 = r2[:strings.Index(r2, " ")]
		e1, err1 := dates.Parse(r1)
		e2, err2 := dates.Parse(r2)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %q / %q do not parse: %v %v", mode, r1, r2, err1, err2)
		}
		_, last1 := e1.Bounds()
		first2, _ := e2.Bounds()
		if !last1.Before(first2) {
			t.Fatalf("%s: order changed: %q now ends %s, after %q (%s)", mode, r1, last1.Format("2006-01-02"), r2, first2.Format("2006-01-02"))
		}
	}
}
