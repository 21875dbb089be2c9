package plan

import "testing"

// TestDatePieces (issue 25): a range annotated as two spans ("(01" "-"
// "12/16)") and a lone day beside a full date ("am 14. und 21.06.") move
// on the document's timeline in their written form, in fictive and gemtex
// mode. A month range moved across a new year writes its start's year, so
// that it never reads as ending before it begins ("(02-01/17)").
func TestDatePieces(t *testing.T) {
	tests := []struct {
		text  string
		shift int
		want  []string
	}{
		{"Bestrahlung ([DATE|01]-[DATE|12/16]).", -223, []string{"06/15", "05/16"}},
		{"Bestrahlung ([DATE|01]-[DATE|12/16]).", 400, []string{"02/17", "01/18"}},
		{"Bestrahlung ([DATE|01]-[DATE|12/16]).", 14, []string{"02/16", "01/17"}},
		{"Kniegelenk ([DATE|01]-[DATE|12/64]).", 60, []string{"03/64", "02/65"}},
		{"Punktion am [DATE|14.] und [DATE|21.06.2021].", 10, []string{"24.", "01.07.2021"}},
		{"Punktion am [DATE|28.] und [DATE|3.07.2021].", 5, []string{"3.", "8.07.2021"}},
		{"Testung am [DATE|15.]/[DATE|17.06.2021].", -20, []string{"26.", "28.05.2021"}},
		{"Testung am [DATE|05.]/[DATE|17.06.2021].", 30, []string{"05.", "17.07.2021"}},
	}
	for _, tt := range tests {
		for _, mode := range []Mode{ModeFictive, ModeGemtex} {
			d := markedDoc("t.txt", tt.text)
			dp := fixedShift(mode, "pieces", tt.shift).Plan(d, "x")
			if dp.Reason != "" {
				t.Fatal(dp.Reason)
			}
			for k, w := range tt.want {
				got := dp.Reps[k].Surrogate
				if mode == ModeGemtex {
					if m := gemtexDate.FindStringSubmatch(got); m != nil {
						got = m[2]
					}
				}
				if got != w {
					t.Errorf("%s %q %+d: span %d = %q, want %q", mode, tt.text, tt.shift, k, got, w)
				}
			}
		}
	}
}

// TestHolidayPreposition: "an Weihnachten 2021" moved 25 days back reads
// "Ende November 2021" without its preposition; one that lands on another
// holiday keeps it.
func TestHolidayPreposition(t *testing.T) {
	for _, tt := range []struct {
		text  string
		shift int
		want  string
	}{
		{"Es kam an [DATE|Weihnachten 2021] zum Sturz.", -25, "Es kam Ende November 2021 zum Sturz."},
		{"Dialyse über [DATE|Ostern 2020] in Kohorten.", 30, "Dialyse Mitte Mai 2020 in Kohorten."},
		{"Anfall zu [DATE|Neujahr 2021].", -1, "Anfall zu Silvester 2020."},
		{"Geplant für [DATE|Ostern].", 30, "Geplant für Ende Mai."},
	} {
		d := markedDoc("t.txt", tt.text)
		dp := fixedShift(ModeFictive, "prep", tt.shift).Plan(d, "x")
		if dp.Reason != "" {
			t.Fatal(dp.Reason)
		}
		nd, err := d.Apply(dp.Edits)
		if err != nil {
			t.Fatal(err)
		}
		if nd.Text != tt.want {
			t.Errorf("%q %+d = %q, want %q", tt.text, tt.shift, nd.Text, tt.want)
		}
	}
}
