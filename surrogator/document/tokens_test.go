package document

import (
	"reflect"
	"strings"
	"testing"
	"unicode"
)

func TestTokenize(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"   \n\t", nil},
		{"Max", []string{"Max"}},
		{"Hans-Peter von Stein", []string{"Hans-Peter", "von", "Stein"}},
		{"12.03.2020", []string{"12.03.2020"}},
		{"(Stein),", []string{"(", "Stein", ")", ","}},
		{"Dr. Müller-Lüdenscheidt", []string{"Dr", ".", "Müller-Lüdenscheidt"}},
		{"[** NAME_PATIENT AB1CD2 **]", []string{"[", "*", "*", "NAME_PATIENT", "AB1CD2", "*", "*", "]"}},
		{"XXXX XXX", []string{"XXXX", "XXX"}},
		{"0,7 %", []string{"0,7", "%"}},
		{"a\u00a0b", []string{"a", "b"}},
		{"...", []string{".", ".", "."}},
		{"𝔘nicode😀", []string{"𝔘nicode", "😀"}},
	}
	for _, tt := range tests {
		var got []string
		for _, r := range Tokenize(tt.in) {
			got = append(got, tt.in[r[0]:r[1]])
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Tokenize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzTokenize: tokens are ordered, disjoint, non-empty, free of white
// space, and together hold every non-space character of the text.
func FuzzTokenize(f *testing.F) {
	for _, s := range []string{"Hans-Peter von Stein", "(a), b.", " ..x.. ", "ä\u2009ö"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		prev := 0
		var kept strings.Builder
		for _, r := range Tokenize(s) {
			if r[0] < prev || r[1] <= r[0] || r[1] > len(s) {
				t.Fatalf("bad range %v after %d", r, prev)
			}
			tok := s[r[0]:r[1]]
			if strings.IndexFunc(tok, unicode.IsSpace) >= 0 {
				t.Fatalf("token %q holds white space", tok)
			}
			kept.WriteString(tok)
			prev = r[1]
		}
		if want := strings.Join(strings.FieldsFunc(s, unicode.IsSpace), ""); kept.String() != want {
			t.Fatalf("tokens hold %q, want %q", kept.String(), want)
		}
	})
}
