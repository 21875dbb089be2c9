package audit

import "testing"

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
