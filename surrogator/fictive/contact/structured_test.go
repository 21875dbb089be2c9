package contact

import (
	"fmt"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// TestCheckDigits: the check digit algorithms against published valid
// numbers (DRV example 15 070649 C 103, the KVNR example A123456780, the
// KBV dummy LANR 999999900, the IK of AOK Bayern 108310400).
func TestCheckDigits(t *testing.T) {
	for _, tt := range []struct {
		s     string
		valid func(string) bool
		want  bool
	}{
		{"15 070649 C 103", ValidRVNR, true}, {"15 070649 C 104", ValidRVNR, false}, {"15 320649 C 103", ValidRVNR, false},
		{"A123456780", ValidKVNR, true}, {"A123456781", ValidKVNR, false},
		{"999999900", ValidLANR, true}, {"999999800", ValidLANR, false},
		{"108310400", ValidIK, true}, {"108310401", ValidIK, false},
	} {
		if got := tt.valid(tt.s); got != tt.want {
			t.Errorf("%q: valid = %v, want %v", tt.s, got, tt.want)
		}
	}
}

// rvnrDoc is a letter naming a patient, her birth date and her pension
// insurance number.
func rvnrDoc(name, birth, rvnr string) (*document.Document, int) {
	text := "Patientin " + name + ", geb. " + birth + ", RV-Nr. " + rvnr + "."
	nb := strings.Index(text, name)
	bb := strings.Index(text, birth)
	rb := strings.Index(text, rvnr)
	d := &document.Document{Text: text, Spans: []document.Span{
		{Kind: kinds.NamePatient, Begin: nb, End: nb + len(name), Ref: -1},
		{Kind: kinds.DateBirth, Begin: bb, End: bb + len(birth), Ref: -1},
		{Kind: kinds.ID, Begin: rb, End: rb + len(rvnr), Ref: -1},
	}}
	d.Normalize()
	for i, s := range d.Spans {
		if s.Kind == kinds.ID {
			return d, i
		}
	}
	return d, -1
}

// TestRVNRAgrees: a pension insurance number spells its person's surrogate
// birth date (shift and age-rule move) and surrogate surname initial,
// keeps the sex of its serial and validates, over 20 scope keys; without
// its person it still gets the shifted date it spells.
func TestRVNRAgrees(t *testing.T) {
	for seed := range 20 {
		sc := fictive.NewScope([]byte(fmt.Sprintf("rvnr-%d", seed)))
		sc.Set(fictive.NSSurname, "müller", "Özdemir")
		d, i := rvnrDoc("Erna Müller", "15.03.1980", "12 150380 M 51 7")
		st := &fictive.DocState{DateShift: 30, DateMoves: map[int]int{}}
		for j, s := range d.Spans {
			if s.Kind == kinds.DateBirth {
				st.DateMoves[j] = 5 // the age rule's move
			}
		}
		ctx := &fictive.Context{Kind: kinds.ID, Doc: d, Span: i, Scope: sc, DocScope: sc, State: st}
		v, err := ID(d.SpanText(i), ctx)
		if err != nil {
			t.Fatal(err)
		}
		c := compactAlnum(v)
		if !ValidRVNR(v) || c[2:8] == "150380" || c[2:8] != "190480" || c[8] != 'O' || c[9] < '5' || len(v) != len("12 150380 M 51 7") {
			t.Errorf("seed %d: %q → %q, want date 190480, letter O, a female serial, a valid check digit", seed, d.SpanText(i), v)
		}
		// no birth date span, no known surname: the number's own date
		// shifted, a letter of the scope
		d2, i2 := rvnrDoc("Erna Schulze", "1980", "12 150380 S 01 3")
		v2, err := ID(d2.SpanText(i2), &fictive.Context{Kind: kinds.ID, Doc: d2, Span: i2, Scope: sc, DocScope: sc, State: &fictive.DocState{DateShift: -20}})
		if err != nil {
			t.Fatal(err)
		}
		if c2 := compactAlnum(v2); !ValidRVNR(v2) || c2[2:8] != "240280" || c2[9] >= '5' {
			t.Errorf("seed %d: %q → %q, want date 240280, a male serial", seed, d2.SpanText(i2), v2)
		}
	}
}

// TestCourtFileNumbers: the register stays as written, department and
// serial keep their length, the year follows the document's shift.
func TestCourtFileNumbers(t *testing.T) {
	for _, tt := range []struct {
		in    string
		shift int
		year  string
	}{
		{"4 XVII 233/21", 200, "/22"}, {"12 F 345/20", -200, "/19"}, {"3 C 1234/19", 30, "/19"},
		{"L 4 R 561/20", 0, "/20"}, {"5 Ca 1177/22", -365, "/21"}, {"1 Js 12345/2021", 200, "/2022"},
		{"52 XIV 310/20 L", 200, "/21 L"}, {"232 Ds 611 Js 41882/21", -200, "/20"},
	} {
		sc := fictive.NewScope([]byte("court"))
		ctx := newCtx(kinds.ID, tt.in, sc, nil)
		ctx.State.DateShift = tt.shift
		v, err := ID(tt.in, ctx)
		if err != nil {
			t.Fatal(err)
		}
		fi, fv := strings.Fields(tt.in), strings.Fields(v)
		if len(fi) != len(fv) || v == tt.in || !strings.HasSuffix(v, tt.year) {
			t.Errorf("%q → %q", tt.in, v)
			continue
		}
		for k := range fi {
			if shapeOf(fi[k]) != shapeOf(fv[k]) || (strings.Trim(fi[k], "0123456789/") != "" && fi[k] != fv[k]) {
				t.Errorf("%q → %q: part %d", tt.in, v, k)
			}
		}
	}
}
