package suspects

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"sort"
	"strings"
	"syscall"
	"testing"

	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// find returns the suspects of text as "kind:text" strings.
func find(t *testing.T, det *Detector, text string, spans []document.Span) []string {
	t.Helper()
	var out []string
	for _, s := range det.Detect(text, spans) {
		out = append(out, string(s.Kind)+":"+text[s.Begin:s.End])
	}
	return out
}

// wantFound runs one subtest per case: the detector must find want
// ("KIND:text") in text.
func wantFound(t *testing.T, det *Detector, cases []struct{ name, text, want string }) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := find(t, det, c.text, nil); !contains(got, c.want) {
				t.Errorf("%q: want %q among %q", c.text, c.want, got)
			}
		})
	}
}

func TestDetectFindsPII(t *testing.T) {
	det := New(Options{})
	// invented persons, places and numbers
	cases := []struct{ name, text, want string }{
		{"salutation", "Bei Frau Wendelmuth zeigte sich keine Besserung.", "NAME_PATIENT:Wendelmuth"},
		{"salutation eponym", "Wir sahen Herrn Parkinson heute erneut.", "NAME_PATIENT:Parkinson"},
		{"title", "Konsil durch Dr. Quastenberg ohne Befund.", "NAME_DOCTOR:Quastenberg"},
		{"title itself", "Konsil durch Prof. Dr. med. Quastenberg ohne Befund.", "NAME_TITLE:Prof. Dr. med."},
		{"title caps initial", "CHEFARZT: DR. MED. K. WOLKENSTEIN", "NAME_DOCTOR:K. WOLKENSTEIN"},
		{"role", "Die Tochter Sabine kam zu Besuch.", "NAME_RELATIVE:Sabine"},
		{"doctor role", "Rücksprache mit OA Quastenberg erfolgt.", "NAME_DOCTOR:Quastenberg"},
		{"first name + surname", "Übernahme von Klaus Wendelmuth aus der Notaufnahme.", "NAME_PATIENT:Klaus Wendelmuth"},
		{"surname, first name", "Patientendaten: Müller, Sabine\n", "NAME_PATIENT:Müller, Sabine"},
		{"initial + surname", "Vorstellung von K. Hoffmann zur Kontrolle.", "NAME_PATIENT:K. Hoffmann"},
		{"reported on", "Wir berichten über Quirina Zappelfeld, die sich vorstellte.", "NAME_PATIENT:Quirina Zappelfeld"},
		{"signature", "Mit freundlichen Grüßen\n\nAlbrecht Zunderwald\nStationsarzt\n", "NAME_DOCTOR:Albrecht Zunderwald"},
		{"date", "Aufnahme am 12.03.2021 über die ZNA.", "DATE:12.03.2021"},
		{"date short year", "Kontrolle am 3.5.21 geplant.", "DATE:3.5.21"},
		{"date no year", "vom 19.3. bis heute", "DATE:19.3."},
		{"date month word", "Erstdiagnose 5. März 2019 gesichert.", "DATE:5. März 2019"},
		{"date glued year", "PE (5. März2063)", "DATE:5. März2063"},
		{"month/year", "Rektum-CA (ED 7/63)", "DATE:7/63"},
		{"year", "Z.n. Apoplex 2002 ohne Residuen", "DATE:2002"},
		{"month alone", "Wiedervorstellung im September gewünscht.", "DATE:September"},
		{"iso date", "Probe vom 2021-03-12 eingegangen.", "DATE:2021-03-12"},
		{"age", "Die 84-jährige Patientin stürzte.", "AGE:84"},
		{"age alt", "Er ist 91 Jahre alt.", "AGE:91"},
		{"phone", "Telefon (0461) 708 - 223", "CONTACT_PHONE:(0461) 708 - 223"},
		{"phone unlabelled", "Termin unter 0123/987654 vereinbaren.", "CONTACT_PHONE:0123/987654"},
		{"fax", "Fax: 030 1234567", "CONTACT_FAX:030 1234567"},
		{"email", "Rückfragen an a.beispiel@klinik-nord.example.de bitte.", "CONTACT_EMAIL:a.beispiel@klinik-nord.example.de"},
		{"url", "Infos unter www.klinik-musterort.de.", "CONTACT_URL:www.klinik-musterort.de"},
		{"iban", "IBAN: DE89370400440532013000", "ID:DE89370400440532013000"},
		{"bic", "BIC: COBADEFFXXX", "ID:COBADEFFXXX"},
		{"labelled id", "Fall-Nr.: 4711-2020", "ID:4711-2020"},
		{"pat nr", "Pat.-Nr. 12345678", "ID:12345678"},
		{"ward", "Übernahme von der 3 Süd.", "ID:3 Süd"},
		{"zip", "Anschrift: 24937 Flensburg", "LOCATION_ZIP:24937"},
		{"zip place", "Anschrift: 24937 Flensburg", "LOCATION_CITY:Flensburg"},
		{"street", "wohnhaft Friesische Str. 21 a, Kiel", "LOCATION_STREET:Friesische Str. 21 a"},
		{"street compound", "Besuch in der Philipp-Rosenthal-Straße 27.", "LOCATION_STREET:Philipp-Rosenthal-Straße 27"},
		{"city", "Verlegung nach Flensburg erfolgt.", "LOCATION_CITY:Flensburg"},
		{"facility", "Verlegung ins Klinikum Quastenberg erfolgt.", "LOCATION_HOSPITAL:Klinikum Quastenberg"},
		{"facility hyphen", "Reha in der Paracelsus-Klinik geplant.", "LOCATION_HOSPITAL:Paracelsus-Klinik"},
		{"practice", "Weiterbehandlung in der Praxis Dr. Wendelmuth.", "LOCATION_HOSPITAL:Praxis Dr. Wendelmuth"},
		{"organization", "Sie arbeitet bei den Verkehrsbetrieben Musterort.", "LOCATION_ORGANIZATION:Verkehrsbetrieben Musterort"},
		{"profession", "Er arbeitet seit Jahren als Dachdecker.", "PROFESSION:Dachdecker"},
		{"profession after a number", "Sie arbeitet seit über 30 Jahren als Gärtnerin.", "PROFESSION:Gärtnerin"},
		{"lone initial after salutation", "Heute kam Frau W. zur Kontrolle.", "NAME_PATIENT:W"},
		{"lone initial before verb", "Erstvorstellung:\nK. wird mit Fieber vorgestellt.", "NAME_PATIENT:K."},
		{"role, initial, eponym surname", "unsere Patientin H. Basedow stellte sich vor", "NAME_PATIENT:H. Basedow"},
		{"name before born", "Betr.: Quirin Parkinson, geb. 3.4.51", "NAME_PATIENT:Quirin Parkinson"},
		{"town adjective", "Die Kieler Nachrichten berichteten.", "LOCATION_CITY:Kieler"},
		{"town adjective -ner", "ein Münchner Orthopäde", "LOCATION_CITY:Münchner"},
		{"compass region", "Sie zog nach Nordhessen.", "LOCATION_STATE:Nordhessen"},
		{"institute", "Befund: Institut für Klinische Chemie und Laboratoriumsmedizin, Kiel", "LOCATION_ORGANIZATION:Institut für Klinische Chemie und Laboratoriumsmedizin"},
		{"house of", "Treffen im Haus der Quastenbrüder.", "LOCATION_OTHER:Haus der Quastenbrüder"},
		{"named garden", "Spaziergang im Englischer Garten erlaubt.", "LOCATION_OTHER:Englischer Garten"},
		{"date range", "Therapie (3/19-11/19) beendet.", "DATE:11/19"},
		{"umlaut street", "wohnhaft Ölmühlenweg 12, Kiel", "LOCATION_STREET:Ölmühlenweg 12"},
		{"umlaut domain", "siehe ärztekammer-nord.de für Details", "CONTACT_URL:ärztekammer-nord.de"},
		{"email", "an dr.quast_2@uni-kiel.example.de.", "CONTACT_EMAIL:dr.quast_2@uni-kiel.example.de"},
	}
	wantFound(t, det, cases)
}

// TestDetectGuidelineNonPII: what the GeMTeX guideline does not annotate is
// not flagged (relative dates, eponyms, drug and device names, generic
// roles without a name, scores, classifications, clock times, weekdays).
func TestDetectGuidelineNonPII(t *testing.T) {
	det := New(Options{})
	cases := []struct{ name, text string }{
		{"relative years", "Die Ehefrau berichtet von seit ca. 3 Jahren nachlassendem Gedächtnis."},
		{"relative year", "Bis vor etwa einem Jahr habe er selbst Bankgeschäfte erledigt."},
		{"relative two years", "Die Störung ist vor zwei Jahren aufgetreten."},
		{"last year", "Sturz im letzten Jahr."},
		{"next day", "Am Folgetag Entlassung in gutem Allgemeinzustand."},
		{"decades", "Vorerkrankung seit Mitte 80er Jahre."},
		{"weekday", "Marcumar jeden Freitag nach INR."},
		{"clock", "Gabe um 15:04 Uhr und um 3.30 Uhr."},
		{"eponym morbus", "Bekannter Morbus Parkinson und Morbus Basedow."},
		{"eponym disease", "Verdacht auf Alzheimer-Demenz, DD Wernicke-Enzephalopathie."},
		{"eponym operation", "Z.n. Operation nach Hartmann, Stadium nach Rutherford."},
		{"eponym factor", "Von-Willebrand-Faktor normal, Faktor V Leiden negativ, Barthel-Score 60."},
		{"eponym sign", "Lasègue negativ, Babinski beidseits negativ."},
		{"drugs", "Medikation: Marcumar 1-0-0, Adalat und Lanitop sowie Torem 10 mg."},
		{"devices", "Wundversorgung mit Vacuseal, Port-a-cath ex."},
		{"generic roles", "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege, die Patientin und der Hausarzt wurden informiert."},
		{"family", "Die Mutter der Patientin leide an TVT. Der Vater sei verstorben."},
		{"scale", "bifrontaler Kopfschmerz (NRS 10/10)"},
		{"classification", "Stadieneinteilung nach UICC 2017, TNM 2017, ICD-10 C20."},
		{"quantities", "Er erhielt 2000 ml NaCl 0,9 % und 1500 mg Metamizol."},
		{"blood pressure", "RR 130/80 mmHg, Puls 72/min."},
		{"lists", "1. Resp. Insuffizienz 2. Komb. Aortenklappenvitium 3. Diabetes mellitus"},
		{"section", "gemäß § 33 Abs. 1.4 des Gesetzes"},
		{"anatomy", "Clips im Bereich der A. vertebralis und der A. cerebri media."},
		{"month noun", "Mais und Maisstärke werden vertragen."},
		{"morbus abbreviated", "Bekannter M. Parkinson, M. Boeck ohne Aktivität."},
		{"eponym before born", "Morbus Crohn, geb. Kinder: 2."},
		{"initial as abbreviation", "Die A. carotis und die V. jugularis sind frei, s. o."},
		{"lone initial without verb", "Vitamin D. Kontrolle in 3 Monaten."},
		{"town adjective of a common word", "Die Weiler Straßenführung und ein neuer Kalender."},
		{"institute without name", "Das Institut wurde informiert."},
		{"common house", "Sie lebt im eigenen Haus, Kleines Haus hinten."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := find(t, det, c.text, nil); len(got) > 0 {
				t.Errorf("%q: want no suspects, got %q", c.text, got)
			}
		})
	}
}

// TestDetectOutsideAnnotations: suspects never overlap an annotated span,
// and an annotated name's title or repeat outside the annotation is found.
func TestDetectOutsideAnnotations(t *testing.T) {
	det := New(Options{})
	text := "Frau Dr. Wendelmuth sah Frau Wendelmuth am 12.03.2021. Wendelmuth kam am Folgetag."
	span := func(s string, n int, k kinds.Kind) document.Span {
		b := 0
		for i := 0; i <= n; i++ {
			b += strings.Index(text[b:], s)
			if i < n {
				b += len(s)
			}
		}
		return document.Span{Kind: k, Begin: b, End: b + len(s)}
	}
	spans := []document.Span{span("Wendelmuth", 0, kinds.NameDoctor), span("Wendelmuth", 1, kinds.NamePatient)}
	got := find(t, det, text, spans)
	want := []string{"NAME_TITLE:Dr.", "DATE:12.03.2021", "NAME_DOCTOR:Wendelmuth"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
	for _, s := range det.Detect(text, spans) {
		for _, a := range spans {
			if s.Begin < a.End && a.Begin < s.End {
				t.Errorf("suspect %d-%d overlaps annotation %d-%d", s.Begin, s.End, a.Begin, a.End)
			}
		}
	}
}

type fakePlaces map[string]bool

func (f fakePlaces) Lookup(name string) (int, bool) { return 1, f[name] }

// TestDetectGeodata: a geodata place is flagged only in a place context.
func TestDetectGeodata(t *testing.T) {
	// (a name not shaped like a German town: the town-shape rule flags
	// "Quastenbrück" after "nach" without geodata)
	det := New(Options{Places: fakePlaces{"Quastenix": true}})
	if got := find(t, det, "Sie zog nach Quastenix um.", nil); strings.Join(got, "|") != "LOCATION_CITY:Quastenix" {
		t.Errorf("got %q", got)
	}
	if got := find(t, det, "Quastenix war ein Thema.", nil); len(got) != 0 {
		t.Errorf("without context: got %q", got)
	}
	if got := find(t, New(Options{}), "Sie zog nach Quastenix um.", nil); len(got) != 0 {
		t.Errorf("without geodata: got %q", got)
	}
	if got := find(t, New(Options{}), "Sie zog nach Quastenbrück um.", nil); strings.Join(got, "|") != "LOCATION_CITY:Quastenbrück" {
		t.Errorf("town-shaped without geodata: got %q", got)
	}
}

// TestDetectSharedProperties: on every shared letter, suspects are sorted,
// disjoint, inside the text, on rune boundaries, outside every annotation
// and never empty.
func TestDetectSharedProperties(t *testing.T) {
	det := New(Options{})
	for _, d := range sharedDocs(t) {
		prev := 0
		for _, s := range det.DetectDocument(d) {
			if s.Begin < prev || s.End <= s.Begin || s.End > len(d.Text) {
				t.Fatalf("%s: bad suspect %d-%d after %d", d.Name, s.Begin, s.End, prev)
			}
			prev = s.End
			if !strings.HasPrefix(d.Text[s.Begin:], string([]rune(d.Text[s.Begin:])[0])) || !kinds.Kind(s.Kind).Valid() {
				t.Fatalf("%s: suspect %d-%d kind %q", d.Name, s.Begin, s.End, s.Kind)
			}
			for _, a := range d.Spans {
				if s.Begin < a.End && a.Begin < s.End {
					t.Fatalf("%s: suspect %d-%d overlaps annotation", d.Name, s.Begin, s.End)
				}
			}
		}
	}
}

// BenchmarkDetect measures detector throughput on the shared letters.
func BenchmarkDetect(b *testing.B) {
	docs := sharedDocs(b)
	det := New(Options{})
	n := 0
	for _, d := range docs {
		n += len(d.Text)
	}
	b.SetBytes(int64(n))
	cpu0 := cpuSeconds()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, d := range docs {
			det.DetectDocument(d)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(n)*float64(b.N)/1e6/b.Elapsed().Seconds(), "MB/s_text")
	// per CPU-second as well: wall time on a shared machine mostly measures
	// the other processes
	if cpu := cpuSeconds() - cpu0; cpu > 0 {
		b.ReportMetric(float64(n)*float64(b.N)/1e6/cpu, "MB/s_text_cpu")
	}
}

// cpuSeconds is the process's user+system CPU time.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
}

// TestKeepDisjointMatchesQuadratic: result keeps a candidate unless it
// overlaps one kept before it, as the pairwise test did, on random
// candidates over short and word-crossing texts.
func TestKeepDisjointMatchesQuadratic(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 2000; round++ {
		n := 1 + rng.IntN(300)
		r := &run{text: strings.Repeat("x", n)}
		for k := rng.IntN(40); k > 0; k-- {
			b := rng.IntN(n)
			e := b + 1 + rng.IntN(min(n-b, 1+rng.IntN(130)))
			r.cands = append(r.cands, cand{Suspect{Begin: b, End: e}, rng.IntN(3)})
		}
		cands := append([]cand(nil), r.cands...)
		got := r.result()
		// the pairwise test, over the same priority order
		sort.SliceStable(cands, func(i, j int) bool {
			a, b := cands[i], cands[j]
			if a.prio != b.prio {
				return a.prio > b.prio
			}
			if a.Begin != b.Begin {
				return a.Begin < b.Begin
			}
			return a.End-a.Begin > b.End-b.Begin
		})
		var want []Suspect
		for _, c := range cands {
			ok := true
			for _, k := range want {
				if c.Begin < k.End && k.Begin < c.End {
					ok = false
				}
			}
			if ok {
				want = append(want, c.Suspect)
			}
		}
		sort.Slice(want, func(i, j int) bool { return want[i].Begin < want[j].Begin })
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("round %d (text %d bytes): kept %v, want %v", round, n, got, want)
		}
	}
}

// BenchmarkRepeatedName: a letter whose patient name recurs unannotated
// thousands of times (one suspect each); result's overlap test was
// quadratic in the suspects (a 1.7 MB letter: 5.9 s in pass 1).
func BenchmarkRepeatedName(b *testing.B) {
	d := New(Options{})
	for _, n := range []int{1000, 10000} {
		text := strings.Repeat("Herr Albers wurde am 1.2.2020 aufgenommen. Der Patient Albers klagte über Schmerzen. ", n)
		spans := []document.Span{{Begin: 5, End: 11, Kind: "NAME_PATIENT"}}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			cpu0 := cpuSeconds()
			for i := 0; i < b.N; i++ {
				if len(d.Detect(text, spans)) < n {
					b.Fatal("the repeated name is not suspected")
				}
			}
			if cpu := cpuSeconds() - cpu0; cpu > 0 {
				b.ReportMetric(float64(len(text))*float64(b.N)/1e6/cpu, "MB/s_text_cpu")
			}
		})
	}
}
