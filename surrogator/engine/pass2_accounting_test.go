package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/formats"
)

// TestReviewDocumentTwiceInPass2: pass 1 read documents j1, j2, j3; before
// pass 2 the input changes so that j2 is read twice and j3 not at all (a
// file copied over another, or an upload replaced). Pass 1 refuses
// duplicate names; pass 2 must too. Otherwise both copies pass the digest
// check and are written: one public file path twice, a private CAS "-2"
// file, mapping.json with the same key twice (one entry lost to any JSON
// reader) and more documents released and excluded than were read.
func TestReviewDocumentTwiceInPass2(t *testing.T) {
	line := func(id, name string) string {
		text := "Herr " + name + " wurde am 1.2.2020 aufgenommen."
		return `{"id":"` + id + `","text":"` + text + `","spans":[{"begin":5,"end":` +
			strconv.Itoa(5+len(name)) + `,"kind":"NAME_PATIENT"}]}` + "\n"
	}
	j1, j2, j3 := line("j1", "Anton Quastenbichler"), line("j2", "Berta Ziegenhals"), line("j3", "Carl Wunderhorn")
	held := []formats.Source{{Name: "letters.jsonl", Data: []byte(j1 + j2 + j3), Project: "p"}}
	ctx := context.Background()
	out := filepath.Join(t.TempDir(), "out")
	p, err := Prepare(ctx, held, Options{Mode: ModeFictive, Seed: 1, SeedSet: true, Key: []byte("review key"), Out: out, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if p.Documents() != 3 {
		t.Fatalf("plan holds %d documents, want 3", p.Documents())
	}
	held[0].Data = []byte(j1 + j2 + j2)
	res, err := p.Write(ctx)
	if err != nil {
		return // refused: fine
	}
	got := 0
	for _, pr := range res.Projects {
		got += pr.Released + pr.Excluded
	}
	if got != 3 {
		t.Errorf("3 documents read, %d released or excluded", got)
	}
	b, err := os.ReadFile(filepath.Join(res.PrivateRoot, "p", "mapping.json"))
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	keys := map[string]int{}
	dec.Token() // {
	for dec.More() {
		k, _ := dec.Token()
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		keys[k.(string)]++
	}
	for k, n := range keys {
		if n > 1 {
			t.Errorf("mapping.json holds key %q %d times (a key is lost to every JSON reader)", k, n)
		}
	}
}

// TestPass2UnreadAccounted: a document pass 1 read and pass 2 could not
// read (its line broken in between) or did not find (removed) is excluded
// as unreadable, and the detail tells the two apart without naming an
// original.
func TestPass2UnreadAccounted(t *testing.T) {
	line := func(id, name string) string {
		text := "Herr " + name + " wurde am 1.2.2020 aufgenommen."
		return `{"id":"` + id + `","text":"` + text + `","spans":[{"begin":5,"end":` +
			strconv.Itoa(5+len(name)) + `,"kind":"NAME_PATIENT"}]}` + "\n"
	}
	j1, j2 := line("j1", "Anton Quastenbichler"), line("j2", "Berta Ziegenhals")
	for _, tc := range []struct {
		name, again, detail string
	}{
		{"broken", j1 + `{"id":"j2","text":` + "\n", "the second reading of its project found 1 input error(s)"},
		{"removed", j1, "was not found when the run read its inputs again"},
		// one input error in each reading, but not the same one
		{"broken instead", j1 + `{"id":"j2","text":` + "\n", "found 1 input error(s) the first did not"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			first, pass1Errors := j1+j2, 0
			if tc.name == "broken instead" {
				first += "{broken\n" // an error of its own in pass 1
				pass1Errors = 1
			}
			held := []formats.Source{{Name: "letters.jsonl", Data: []byte(first), Project: "p"}}
			ctx := context.Background()
			p, err := Prepare(ctx, held, Options{Mode: ModeFictive, Seed: 1, SeedSet: true, Key: []byte("review key"), Out: filepath.Join(t.TempDir(), "out"), Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			held[0].Data = []byte(tc.again)
			res, err := p.Write(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Excluded) != 1+pass1Errors {
				t.Fatalf("excluded %+v, want j2 (and pass 1's unreadable line)", res.Excluded)
			}
			ex := res.Excluded[pass1Errors]
			if ex.Document != "j2" || ex.Reason != "unreadable" || !strings.Contains(ex.Detail, tc.detail) {
				t.Errorf("excluded %+v, want j2 unreadable with %q", ex, tc.detail)
			}
			if strings.Contains(ex.Detail, "Ziegenhals") {
				t.Errorf("detail names an original: %s", ex.Detail)
			}
			if res.Projects[0].Released != 1 || res.Projects[0].Excluded != 1+pass1Errors {
				t.Errorf("released %d excluded %d, want 1 and %d", res.Projects[0].Released, res.Projects[0].Excluded, 1+pass1Errors)
			}
		})
	}
}

func line2(id, name string) string {
	text := "Herr " + name + " wurde am 1.2.2020 aufgenommen."
	return `{"id":"` + id + `","text":"` + text + `","spans":[{"begin":5,"end":` +
		strconv.Itoa(5+len(name)) + `,"kind":"NAME_PATIENT"}]}` + "\n"
}

// TestPass2AccountsOnce: the input of a held project changes between
// pass 1 and pass 2. The run may refuse itself (an error), or account for
// every document once: no public id is excluded twice, and released +
// excluded is the number of documents and unreadable inputs the run can
// name (pass 1's plus those that appeared).
func TestPass2AccountsOnce(t *testing.T) {
	j1, j2, j3, j9 := line2("j1", "Anton Quastenbichler"), line2("j2", "Berta Ziegenhals"), line2("j3", "Carla Moosgruber"), line2("j9", "Doris Kraxelhuber")
	mini, err := os.ReadFile(filepath.Join(testutil.RepoRoot(t), "testdata", "cas", "mini.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name          string
		first, second []formats.Source
		want          int // documents to account for
		refuse        bool
	}{
		// a new name appears twice: pass 2 cannot tell which is which
		{"new name twice", held1("letters.jsonl", j1+j2), held1("letters.jsonl", j1+j2+j9+j9), 0, true},
		// a file pass 1 could not read is fixed before pass 2: it stays
		// excluded as unreadable (pass 1's error), once
		// the same for a JSON Lines line
		{"line fixed between passes", held1("letters.jsonl", j1+`{"id":"j2","text":`+"\n"), held1("letters.jsonl", j1+j2), 2, false},
		// and the letters read after it are written and accounted for
		// (pass 2 skips the fixed line without a gap in its order)
		{"line fixed between passes, letters after it", held1("letters.jsonl", j1+`{"id":"j2","text":`+"\n"+j3+j9), held1("letters.jsonl", j1+j2+j3+j9), 4, false},
		{"fixed between passes",
			[]formats.Source{{Name: "a.json", Data: mini, Project: "p"}, {Name: "b.json", Data: []byte("{"), Project: "p"}},
			[]formats.Source{{Name: "a.json", Data: mini, Project: "p"}, {Name: "b.json", Data: mini, Project: "p"}}, 2, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			held := tc.first
			ctx := context.Background()
			p := prepareHeld(t, held, ModeX)
			copy(held, tc.second)
			held = append(held, tc.second[len(held):]...)
			p.sources = held
			res, err := p.Write(ctx)
			if tc.refuse {
				if err == nil {
					t.Fatal("the run was not refused")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			ids := map[string]int{}
			for _, e := range res.Excluded {
				ids[e.DocID]++
			}
			for id, n := range ids {
				if n > 1 {
					t.Errorf("public id %s excluded %d times in run.json", id, n)
				}
			}
			got := 0
			for _, pr := range res.Projects {
				got += pr.Released + pr.Excluded
			}
			if got != tc.want {
				t.Errorf("released + excluded = %d, want %d (%+v)", got, tc.want, res.Excluded)
			}
		})
	}
}

func held1(name, data string) []formats.Source {
	return []formats.Source{{Name: name, Data: []byte(data), Project: "p"}}
}

// TestOmittedErrorsAccounted: with more unreadable inputs than
// formats.MaxErrors, the project lists MaxErrors of them and one summary;
// every one of them counts as excluded, so that released + excluded is
// read + unreadable (the summary error counts as many as it omits, not
// one).
func TestOmittedErrorsAccounted(t *testing.T) {
	held := []formats.Source{{Name: "ok.jsonl", Data: []byte(line2("j1", "Anton Quastenbichler")), Project: "p"}}
	for i := 0; i < formats.MaxErrors+5; i++ {
		held = append(held, formats.Source{Name: fmt.Sprintf("b%03d.json", i), Data: []byte("{"), Project: "p"})
	}
	res, err := prepareHeld(t, held, ModeX).Write(context.Background())
	if res == nil {
		t.Fatal(err)
	}
	pr := res.Projects[0]
	if pr.Released+pr.Excluded != pr.Read+pr.Unreadable || pr.Unreadable != formats.MaxErrors+5 {
		t.Errorf("released %d + excluded %d, read %d + unreadable %d (want %d unreadable)", pr.Released, pr.Excluded, pr.Read, pr.Unreadable, formats.MaxErrors+5)
	}
}

// prepareHeld runs pass 1 over held inputs (closed when the test ends).
func prepareHeld(t *testing.T, held []formats.Source, mode Mode) *Plan {
	t.Helper()
	p, err := Prepare(context.Background(), held, Options{Mode: mode, Seed: 1, SeedSet: true, Key: []byte("review key"),
		Out: filepath.Join(t.TempDir(), "out"), Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}
