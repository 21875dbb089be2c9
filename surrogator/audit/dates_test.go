package audit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestDateLeaks(t *testing.T) {
	originals := []string{"Weihnachten 2021", "19.3.", "03/2020"}
	tests := []struct {
		name    string
		text    string
		regions []DateRegion
		want    int
	}{
		{"free text", "Seit Weihnachten 2021 gut.", nil, 1},
		{"case and white space", "seit WEIHNACHTEN\n  2021 gut", nil, 1},
		{"inside a longer number", "am 119.3. und 103/2020 und 03/20201", nil, 0},
		{"a day and month inside a full date", "am 19.3.2021", nil, 1},
		{"other punctuation", "Hb 19,3 g/dl", nil, 0},
		{"in another date's surrogate", "am 19.3. war", []DateRegion{{Begin: 3, End: 8, Original: "5.3."}}, 0},
		{"in its own span: kept as written", "am 19.3. war", []DateRegion{{Begin: 3, End: 8, Original: "19.3."}}, 1},
		{"beside a region", "am 19.3. war", []DateRegion{{Begin: 0, End: 5, Original: "5.3."}}, 1},
	}
	for _, tt := range tests {
		if got := DateLeaks(tt.text, originals, tt.regions); len(got) != tt.want {
			t.Errorf("%s: %d hits, want %d", tt.name, len(got), tt.want)
		}
	}
	h := DateLeaks("x Weihnachten 2021", originals, nil)
	if len(h) != 1 || h[0].Begin != 2 || h[0].End != 18 || h[0].Original != 0 {
		t.Errorf("hit %+v", h)
	}
	for s, want := range map[string]bool{"21.03.2017": true, "März": true, "Q3/2022": true, "2019": false, "2019-2020": false,
		"Anfang 2020": true, "Tag der Deutschen Einheit": true, "12": false} {
		if DateAudited(s) != want {
			t.Errorf("DateAudited(%q) = %v", s, !want)
		}
	}
}

// TestDateDir: the standalone date audit reads a nested mapping and finds
// a planted original date, not a shifted one that spells another
// original of the letter, nor a gemtex birth quarter that is the birth
// date itself.
func TestDateDir(t *testing.T) {
	mapping := []byte(`{"a.txt": {"filename_orig": "a.txt", "docid": "d1", "annotations": {
		"DATE": {"15.03.2020": "01.03.2020", "29.03.2020": "15.03.2020", "Ende November 2021": "Weihnachten 2021"},
		"DATE_BIRTH": {"01.01.1967": "01.01.1967"}, "NAME_PATIENT": {"Berg": "Albers"}}},
		"x-**-a.txt-**-DATE-**-15.03.2020": "01.03.2020"}`)
	docs, err := DateDocsFromMapping(mapping)
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 1 || len(docs["d1"].Originals) != 3 {
		t.Fatalf("docs %+v", docs)
	}
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("d1.txt", "Am 15.03.2020 und 29.03.2020, Ende November 2021. Geb. [** DATE_BIRTH 01.01.1967 **].")
	write("other.txt", "Weihnachten 2021") // another document: its own originals only
	f, err := DateDir(dir, docs)
	if err != nil || len(f) != 0 {
		t.Fatalf("clean letter: %v %v", f, err)
	}
	write("d1.txt", "Am 15.03.2020 und 29.03.2020, Ende November 2021. Seit Weihnachten 2021 gut.")
	if f, err = DateDir(dir, docs); err != nil || len(f) != 1 || f[0].Hits != 1 {
		t.Fatalf("planted date: %v %v", f, err)
	}
}

// TestDateLeaksManyDates: a letter of many thousand dates is audited in
// one pass (no original-by-original search of the whole text).
func TestDateLeaksManyDates(t *testing.T) {
	var b strings.Builder
	var originals []string
	var regions []DateRegion
	for i := 0; i < 20000; i++ {
		o := fmt.Sprintf("%02d.%02d.%04d", i%28+1, i%12+1, 1950+i%70)
		sur := fmt.Sprintf("%02d.%02d.%04d", (i+5)%28+1, i%12+1, 1950+i%70)
		b.WriteString("am ")
		regions = append(regions, DateRegion{Begin: b.Len(), End: b.Len() + len(sur), Original: o})
		b.WriteString(sur)
		b.WriteString(" Befund. ")
		originals = append(originals, o)
	}
	start := time.Now()
	if h := DateLeaks(b.String(), originals, regions); len(h) != 0 {
		t.Fatalf("%d hits", len(h))
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("20000 dates took %v", d)
	}
}
