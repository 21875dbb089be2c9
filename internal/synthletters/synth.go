package synthletters

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

var (
	first   = []string{"Beate", "Hans", "Anna", "Jürgen", "Lea", "Mehmet", "Sabine", "Klaus", "Ursula", "Paul", "Marie", "Jonas"}
	last    = []string{"Albers", "Meier", "Schneider", "Weiß", "Öztürk", "Krüger", "Hoffmann", "Brückner", "Vogel", "Nguyen"}
	cities  = []string{"Leipzig", "Dresden", "Jena", "Grimma", "Halle", "Chemnitz", "Zwickau", "Erfurt"}
	streets = []string{"Hauptstraße", "Bahnhofstraße", "Am Anger", "Lindenweg", "Goethestraße"}
	filler  = strings.Fields(`Die Patientin berichtet über zunehmende Belastungsdyspnoe seit mehreren Wochen sowie
	gelegentliche Palpitationen. Klinisch zeigte sich ein reduzierter Allgemeinzustand bei normalem Ernährungszustand.
	Laborchemisch fanden sich erhöhte Entzündungsparameter, die unter antibiotischer Therapie rückläufig waren.
	Die Echokardiographie ergab eine leicht eingeschränkte linksventrikuläre Funktion ohne relevante Klappenvitien.
	Wir empfehlen eine Fortführung der Medikation und eine Kontrolle der Nierenretentionsparameter.`)
)

type builder struct {
	b     strings.Builder
	spans []document.Span
}

func (w *builder) text(s string) { w.b.WriteString(s) }
func (w *builder) pii(kind, s string) {
	start := w.b.Len()
	w.b.WriteString(s)
	w.spans = append(w.spans, document.Span{Label: kind, Begin: start, End: w.b.Len()})
}

// Letter builds one letter's text and spans.
func Letter(r *rand.Rand) (string, []document.Span) {
	w := &builder{}
	pick := func(l []string) string { return l[r.Intn(len(l))] }
	date := func() string { return fmt.Sprintf("%d.%d.%d", 1+r.Intn(28), 1+r.Intn(12), 2015+r.Intn(10)) }
	fn, ln, city := pick(first), pick(last), pick(cities)
	w.pii("LOCATION_HOSPITAL", "Klinikum "+city)
	w.text("\n")
	w.pii("LOCATION_STREET", fmt.Sprintf("%s %d", pick(streets), 1+r.Intn(90)))
	w.text(", ")
	w.pii("LOCATION_ZIP", fmt.Sprintf("0%04d", r.Intn(10000)))
	w.text(" ")
	w.pii("LOCATION_CITY", city)
	w.text("\nTel. ")
	w.pii("CONTACT_PHONE", fmt.Sprintf("0341 %d-%d", 100+r.Intn(900), r.Intn(1000)))
	w.text("\n\n")
	w.pii("LOCATION_CITY", city)
	w.text(", ")
	w.pii("DATE", date())
	w.text("\n\nSehr geehrte Frau Kollegin,\n\nwir berichten über Frau ")
	w.pii("NAME_PATIENT", fn+" "+ln)
	w.text(", geb. ")
	w.pii("DATE_BIRTH", fmt.Sprintf("%02d.%02d.%d", 1+r.Intn(28), 1+r.Intn(12), 1930+r.Intn(70)))
	w.text(", Fallnummer ")
	w.pii("ID", fmt.Sprintf("A-%09d", r.Intn(1e9)))
	w.text(", die sich vom ")
	w.pii("DATE", date())
	w.text(" bis ")
	w.pii("DATE", date())
	w.text(" in stationärer Behandlung befand.\n\n")
	for p := 0; p < 6; p++ {
		for i := 0; i < 45; i++ {
			w.text(pick(filler))
			w.text(" ")
		}
		w.text("Am ")
		w.pii("DATE", date())
		w.text(" stellte sich Frau ")
		w.pii("NAME_PATIENT", ln)
		w.text(" erneut vor; ")
		w.pii("NAME_TITLE", "Dr.")
		w.text(" ")
		w.pii("NAME_DOCTOR", pick(last))
		w.text(" wurde informiert.\n\n")
	}
	w.text("Mit freundlichen Grüßen\n\n")
	w.pii("NAME_TITLE", "Prof. Dr. med.")
	w.text(" ")
	w.pii("NAME_DOCTOR", pick(first)+" "+pick(last))
	w.text("\n")
	return w.b.String(), w.spans
}

// CAS builds a CAS with sofa, metadata, PHI, Token and Sentence layers.
func CAS(text, title string, spans []document.Span) *cas.CAS {
	l, _ := cas.FromText(text, title, spans)
	c := l.CAS
	ix := document.NewIndex(text)
	view := c.View(cas.InitialView)
	id := c.NextID()
	add := func(typ string, b, e int) {
		f := &cas.FS{ID: id, Type: typ}
		id++
		f.Set("sofa", true, json.RawMessage("1"))
		f.SetInt("begin", ix.ToUTF16(b))
		f.SetInt("end", ix.ToUTF16(e))
		c.Add(f, view)
	}
	start, sent := -1, 0
	for i, r := range text {
		word := unicode.IsLetter(r) || unicode.IsDigit(r)
		if word && start < 0 {
			start = i
		} else if !word && start >= 0 {
			add("de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Token", start, i)
			start = -1
		}
		if r == '.' || r == '\n' {
			if i > sent {
				add("de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Sentence", sent, i+1)
			}
			sent = i + 1
		}
	}
	return c
}

// WriteCorpus writes n letters as CAS JSON files into dir.
func WriteCorpus(dir string, n int, seed int64) error {
	r := rand.New(rand.NewSource(seed))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		text, spans := Letter(r)
		name := fmt.Sprintf("letter-%05d", i)
		f, err := os.Create(filepath.Join(dir, name+".json"))
		if err != nil {
			return err
		}
		if err := casjson.WriteCAS(f, CAS(text, name+".txt", spans)); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	return nil
}
