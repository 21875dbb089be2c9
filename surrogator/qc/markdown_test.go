package qc

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/formats"
)

// byteSource hands out a fuzz input's bytes as choices (zero when used up).
type byteSource struct{ b []byte }

func (s *byteSource) next() byte {
	if len(s.b) == 0 {
		return 0
	}
	c := s.b[0]
	s.b = s.b[1:]
	return c
}

func (s *byteSource) str() string {
	n := min(int(s.next()%8), len(s.b))
	v := string(s.b[:n])
	s.b = s.b[n:]
	return v
}

// pick returns one of vs, or the input's own bytes.
func (s *byteSource) pick(vs ...string) string {
	if i := int(s.next()) % (len(vs) + 1); i < len(vs) {
		return vs[i]
	}
	return s.str()
}

// mdProject builds a report from data: documents in and out of the
// corpus, with suspects, flags of every kind (and kinds report.md does not
// list), AGE originals on both sides of 89, read errors, and names and
// texts holding the input's bytes (|, line breaks, invalid UTF-8).
func mdProject(data []byte) *Project {
	s := &byteSource{b: data}
	flagKinds := []string{"", "unknown"}
	for _, sec := range mdSections {
		flagKinds = append(flagKinds, sec.flag)
	}
	var docs []*Doc
	for range int(s.next() % 24) {
		d := &Doc{Document: s.pick("a.json", "b|c", "x\r\ny"), Readable: true, PartOfCorpus: s.next()%3 != 0,
			Counts: map[string]int{}, Distinct: map[string][]string{}, Flags: []Flag{}, Suspects: []Suspect{}}
		if !d.PartOfCorpus {
			for range int(s.next() % 3) {
				d.Reasons = append(d.Reasons, s.pick("contains OTHER annotations", "a|b"))
			}
		}
		for range int(s.next() % 4) {
			d.Suspects = append(d.Suspects, Suspect{Begin: int(s.next()), End: int(s.next()) * 300, Kind: s.pick("NAME", "DATE"), Rule: s.pick("r1", "r|2"), Text: s.str()})
		}
		for range int(s.next() % 5) {
			d.Flags = append(d.Flags, Flag{Kind: flagKinds[int(s.next())%len(flagKinds)], Span: int(s.next()) - 1, Label: s.pick("AGE", "WRONG:x"), Text: s.str(), Detail: s.pick("", "age 90 > 89")})
		}
		if n := int(s.next() % 4); n > 0 {
			for range n {
				d.Distinct["AGE"] = append(d.Distinct["AGE"], s.pick("5", "89", "90", "89 Jahre", "neunzig", "", "-", "|"))
			}
			d.Counts["AGE"] = n
		}
		docs = append(docs, d)
	}
	var errs []*formats.DocError
	for range int(s.next() % 3) {
		errs = append(errs, &formats.DocError{Document: s.str(), File: s.pick("f.json", "g|h"), Err: errors.New(s.pick("broken", "a\nb"))})
	}
	return Assemble(s.pick("p", "p|q"), s.pick("", "Title", "T\n|"), docs, errs)
}

// spooledCopy is p with its first k documents' reports in a spool and the
// others in memory (as AssembleSpooled keeps the readable documents and
// the read errors), so that the writer reads both back.
func spooledCopy(t testing.TB, dir string, p *Project, k int) *Project {
	t.Helper()
	sp, err := NewSpool(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sp.Close() })
	k = min(k, len(p.Docs))
	out := &Project{Project: p.Project, Title: p.Title, Stats: p.Stats, Docs: p.Docs[k:], spool: sp}
	for _, d := range p.Docs[:k] {
		r, err := sp.Put(d)
		if err != nil {
			t.Fatal(err)
		}
		out.refs = append(out.refs, r)
	}
	return out
}

// checkMarkdown fails when report.md of p, in memory and spooled (in
// dir), is not the reference writer's.
func checkMarkdown(t *testing.T, dir string, p *Project) {
	t.Helper()
	want := p.markdownRef()
	if got := p.Markdown(); got != want {
		t.Fatalf("report.md differs from the reference (%d and %d bytes) at byte %d", len(got), len(want), firstDiff(got, want))
	}
	for _, k := range []int{len(p.Docs) / 2, len(p.Docs)} {
		sp := spooledCopy(t, dir, p, k)
		if got := sp.Markdown(); got != want {
			t.Fatalf("spooled (%d of %d): report.md differs from the reference (%d and %d bytes) at byte %d", k, len(p.Docs), len(got), len(want), firstDiff(got, want))
		}
	}
}

func firstDiff(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// TestMarkdownStreamedSameBytes: report.md written table by table is the
// report the one-pass writer gathered in memory, byte for byte, for the
// shared corpora and for synthetic reports: empty ones, every table empty
// or not, AGE flags and kept ages in one table, escapes.
func TestMarkdownStreamedSameBytes(t *testing.T) {
	age := func(name string, vs ...string) *Doc {
		return &Doc{Document: name, Readable: true, PartOfCorpus: true, Counts: map[string]int{"AGE": len(vs)}, Distinct: map[string][]string{"AGE": vs}}
	}
	projects := map[string]*Project{
		"nil docs":  {Project: "empty"},
		"no docs":   {Project: "none", Title: "T", Docs: []*Doc{}},
		"review":    reviewProject(),
		"one clean": Assemble("p", "", []*Doc{{Document: "a", Readable: true, PartOfCorpus: true}}, nil),
		// the AGE table: flags of every document, then the kept ages of every document
		"ages": Assemble("p|q", "t\r\n", []*Doc{
			age("a", "5", "95"), age("b|c", "neunzig", "12 Jahre"), age("d"), age("e", "90"),
			{Document: "f", Readable: true, Flags: []Flag{{Kind: FlagAge, Span: 3, Label: "AGE", Text: "95", Detail: "age 95 > 89"}}},
			{Document: "g", Readable: true, Flags: []Flag{{Kind: FlagProfession, Span: 0, Label: "PROFESSION", Text: "Bäcker|in"}}, Reasons: []string{"x", "y"}},
		}, []*formats.DocError{{Document: "broken", File: "broken.json", Err: errors.New("bad json")}}),
	}
	// a table with rows only in the last of many documents
	var many []*Doc
	for i := range 300 {
		many = append(many, &Doc{Document: fmt.Sprintf("d%03d", i), Readable: true, PartOfCorpus: true, Suspects: []Suspect{{Begin: i, End: i + 1, Kind: "NAME", Rule: "r", Text: "X"}}})
	}
	many[299].Flags = []Flag{{Kind: FlagOverlap, Span: 1, Label: "NAME", Text: "a|b"}}
	many[64].PartOfCorpus = false
	projects["many"] = Assemble("many", "", many, nil)
	for _, seed := range mdSeeds() {
		projects[fmt.Sprintf("seed %q", seed)] = mdProject(seed)
	}
	for _, rel := range []string{"corpora/inception-projects/project-deid-test-data-1.zip", "corpora/grascco-pii"} {
		if q := readProjectOrNil(t, rel); q != nil {
			projects[rel] = q
		}
	}
	for name, p := range projects {
		t.Run(name, func(t *testing.T) { checkMarkdown(t, t.TempDir(), p) })
	}
}

func mdSeeds() [][]byte {
	return [][]byte{nil, []byte("\x05\x01\x02\x03\x04\x05\x06\x07\x08\x09"), []byte(strings.Repeat("\x17|\r\n\xff", 40)),
		[]byte(strings.Repeat("\x03\x02\x01\x00\x07\x04", 30))}
}

// FuzzMarkdownStreamed: for any report, report.md written table by table
// (in memory and spooled) is the one-pass writer's.
func FuzzMarkdownStreamed(f *testing.F) {
	for _, s := range mdSeeds() {
		f.Add(s)
	}
	dir := f.TempDir() // the spools are anonymous files: one folder for all
	f.Fuzz(func(t *testing.T, data []byte) {
		checkMarkdown(t, dir, mdProject(data))
	})
}

// TestMarkdownStopsAtOnce: writing report.md checks the context at every
// document it reads, also in a pass that writes nothing for many
// documents, and stops at the first check that finds it done.
func TestMarkdownStopsAtOnce(t *testing.T) {
	var docs []*Doc
	for i := range 500 {
		docs = append(docs, &Doc{Document: fmt.Sprintf("d%04d", i), Readable: true, PartOfCorpus: true})
	}
	docs[499].Suspects = []Suspect{{Kind: "NAME", Rule: "r", Text: "X"}}
	docs[499].PartOfCorpus = false
	for _, p := range []*Project{Assemble("p", "", docs, nil), spooledCopy(t, t.TempDir(), Assemble("p", "", docs, nil), 400)} {
		for k := int64(0); ; k++ {
			ctx := testutil.NewCountdown(k)
			var b strings.Builder
			err := p.writeMarkdown(ctx, &b)
			if err == nil {
				if k < int64(len(docs)) {
					t.Fatalf("%d checks for %d documents", k, len(docs))
				}
				break
			}
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("check %d: %v", k, err)
			}
			if n := ctx.Left(); n != -1 {
				t.Fatalf("check %d: %d more checks after the context was done", k, -1-n)
			}
		}
	}
}

// BenchmarkMarkdown writes report.md of a spooled report shaped like the
// review's corpus (2,000 letters, 100 suspects each, one AGE each, every
// letter flagged for its DATE_BIRTH count), with the reference writer
// (impl=ref: one pass, tables in memory) and the streaming one
// (impl=stream: one pass per table).
func BenchmarkMarkdown(b *testing.B) {
	var docs []*Doc
	for i := range 2000 {
		d := &Doc{Document: fmt.Sprintf("d%07d", i), Readable: true, PartOfCorpus: true,
			Counts: map[string]int{"NAME_PATIENT": 1, "AGE": 1}, Distinct: map[string][]string{"NAME_PATIENT": {"Max Mustermann"}, "AGE": {"47"}},
			Flags: []Flag{{Kind: FlagDateBirthCount, Span: -1, Label: "DATE_BIRTH", Detail: "0 DATE_BIRTH annotations"}}}
		for k := range 100 {
			d.Suspects = append(d.Suspects, Suspect{Begin: 40 + 30*k, End: 48 + 30*k, Kind: "NAME", Rule: "title-surname", Text: "Schneider"})
		}
		docs = append(docs, d)
	}
	p := spooledCopy(b, b.TempDir(), Assemble("p", "", docs, nil), len(docs))
	for _, impl := range []string{"ref", "stream"} {
		b.Run("impl="+impl, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var err error
				if impl == "ref" {
					err = p.writeMarkdownRef(io.Discard)
				} else {
					err = p.writeMarkdown(context.Background(), io.Discard)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
