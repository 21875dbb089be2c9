package document

import (
	"strings"
	"testing"
)

func TestCheckPlacement(t *testing.T) {
	text := "a😀b" // bytes: a=0, emoji 1..5, b=5
	for _, tt := range []struct {
		name  string
		text  string
		spans []Span
		want  string
	}{
		{"ok", text, []Span{{Begin: 0, End: 6}, {Begin: 1, End: 5}, {Begin: 6, End: 6}}, ""},
		{"no spans", "", nil, ""},
		{"beyond", text, []Span{{Begin: 5, End: 7}}, "span 0: [5,7) is not a range"},
		{"negative", text, []Span{{Begin: -1, End: 1}}, "not a range"},
		{"reversed", text, []Span{{Begin: 5, End: 1}}, "not a range"},
		{"inside a rune", text, []Span{{Begin: 0, End: 0}, {Begin: 2, End: 5}}, "span 1: [2,5) splits a character"},
		{"invalid UTF-8", "a\xffb", nil, "not valid UTF-8"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := (&Document{Text: tt.text, Spans: tt.spans}).CheckPlacement()
			if (err == nil) != (tt.want == "") || (err != nil && !strings.Contains(err.Error(), tt.want)) {
				t.Fatalf("got %v, want %q", err, tt.want)
			}
		})
	}
}

func TestCheckJSONUnicode(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string
	}{
		{`{"a":"b"}`, ""},
		{`{"a":"\ud83d\ude00 \u00fc \\ud800 \n"}`, ""},
		{`{"a":"ü😀"}`, ""},
		{"{\"a\":\"\xff\"}", "invalid UTF-8 at byte 6"},
		{"{\"a\":\"\xc3\"}", "invalid UTF-8 at byte 6"},
		{`{"a":"\ud83d"}`, "unpaired UTF-16 surrogate escape at byte 6"},
		{`{"a":"\ud83d\u0041"}`, "unpaired"},
		{`{"a":"\ude00\ud83d"}`, "unpaired"},
		{`{"a":"x\ud83d`, "unpaired"},
		{`{"a":"\u12`, ""}, // a syntax error for the decoder
	} {
		err := CheckJSONUnicode([]byte(tt.in))
		if (err == nil) != (tt.want == "") || (err != nil && !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%q: got %v, want %q", tt.in, err, tt.want)
		}
	}
}
