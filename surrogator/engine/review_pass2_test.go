package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"

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
