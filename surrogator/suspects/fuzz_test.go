package suspects

import (
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// FuzzDetect: on any text (and one annotated span), Detect does not panic
// and its suspects are sorted, disjoint, non-empty, inside the text, on
// rune boundaries (of a valid UTF-8 text), outside the span, of a valid kind, and the same on a
// second call (the pooled buffers keep nothing of a text).
func FuzzDetect(f *testing.F) {
	seeds := []string{
		"Bei Frau Wendelmuth zeigte sich am 12.03.2021 keine Besserung.",
		"Telefon (0461) 708 - 223, Fax: 030 1234567, IBAN: DE89370400440532013000",
		"wohnhaft Friesische Str. 21 a, 24937 Flensburg; Philipp-Rosenthal-Straße 27",
		"Rückfragen an a.beispiel@klinik-nord.example.de oder www.klinik-musterort.de/a?b=c",
		"Mit freundlichen Grüßen\n\nAlbrecht Zunderwald\nStationsarzt\n",
		"Erstvorstellung:\nM. wird vorgestellt; Betr.: Asger Baastrup, geb. 5.7.54 (7/63-11/63)",
		"Die Dresdner Hochschulmedizin in Ostsachsen, Institut für Medizinische Informatik, Statistik",
		"Ölmühlenweg 12 b/3c – ärztekammer.de – ẞ’x-’-'' \u200b\ufeff ١٢٣ Q1/2020 KW 12/2020 Mitte März2063",
		"\xff\xfe Dr. med. \r\n Prof.Dr.rer.nat. X. Y-Z 01-12/64 2021-03-12 12.3. 2020",
		"vom 21.03.-24.03.2017 und 3/2019-5/2019, Tel. 0461 12.03.2019, am 31.02.2020-1.3.2020, im März 2020",
		// the guarded sets and pre-filtered expressions (guards.go)
		"Az. S 7 U 112/21, RV-Nr. 12 150385 M 123, Tel. 0761 270-34010, T 0341 97109, Pager: 4711, am 3.-5. März",
		"Leipzig, den 3. März 2022\nOT Bantikow, Stadtteil Gohlis, Landkreis Meißen, Wohnbereich 2, Station: Kardiologie, K 12",
		"Benutzer: mmuster, freigegeben von: a.b; K. v. d. Heydt, von der Heydt, Sächsisches Landesamt, des Landratsamtes Meißen",
		"als Gärtnerin, ist gelernte Bäckerin, arbeitet als Busfahrer; Fall-Nr. 123, Reha-Kennzeichen 45; Mit freundlichen Grüßen\u00a0 Dr. A",
		// the token guard table, the code, label, postcode and unit pre-filters
		"Kd.-Nr. 123456, ZNA-Fall 4711, Reha-Code 55, ICD-Code 12, TB 123456, OPG-558201, St. 5 mg, 3 ST. ab\nAm Anger 3 a\nD-01067 Dresden",
		"Hofmark 3, 04571 Rötha; Enkelin Anna Quast, Pfarrer Ruf, geb. Schedel, verw. Lipinski, Ortsteil Gohlis, tätig als Koch bei Ruf",
	}
	for i, s := range seeds {
		f.Add(s, i, i+5)
	}
	det := New(Options{Places: fakePlaces{"Quastenbrück": true}})
	eager := New(Options{Places: fakePlaces{"Quastenbrück": true}})
	eager.eager = true
	f.Add("vom 21.03.-24.03.2017 bis", 4, 10)
	f.Add("Tel. 0461 12.03.2019 und März 2020", 5, 20)
	f.Fuzz(func(t *testing.T, text string, b, e int) {
		var spans []document.Span
		// (a reader's spans start and end on rune boundaries)
		if b >= 0 && e > b && e <= len(text) && utf8.RuneStart(text[b]) && (e == len(text) || utf8.RuneStart(text[e])) {
			spans = []document.Span{{Kind: kinds.NamePatient, Begin: b, End: e}}
		}
		got := det.Detect(text, spans)
		valid := utf8.ValidString(text)
		prev := 0
		for _, s := range got {
			if s.Begin < prev || s.End <= s.Begin || s.End > len(text) {
				t.Fatalf("bad suspect %d-%d after %d in %d bytes", s.Begin, s.End, prev, len(text))
			}
			prev = s.End
			// (inputs are valid UTF-8: the readers check it)
			if valid && (!utf8.RuneStart(text[s.Begin]) || s.End < len(text) && !utf8.RuneStart(text[s.End])) {
				t.Fatalf("suspect %d-%d splits a rune", s.Begin, s.End)
			}
			if !s.Kind.Valid() || s.Rule == "" {
				t.Fatalf("suspect %d-%d: kind %q rule %q", s.Begin, s.End, s.Kind, s.Rule)
			}
			for _, a := range spans {
				if s.Begin < a.End && a.Begin < s.End {
					t.Fatalf("suspect %d-%d overlaps the span %d-%d", s.Begin, s.End, a.Begin, a.End)
				}
			}
		}
		if again := det.Detect(text, spans); !reflect.DeepEqual(got, again) {
			t.Fatalf("second call differs: %v, then %v", got, again)
		}
		// skipping the tests of candidates add drops changes nothing
		if all := eager.Detect(text, spans); !reflect.DeepEqual(got, all) {
			t.Fatalf("with dropped %v, without %v", got, all)
		}
	})
}
