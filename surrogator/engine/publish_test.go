package engine

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/engine/publish"
	"github.com/surrogator/surrogator/surrogator/provenance"
)

// jsonlDoc is one JSON Lines input document (offsets in code points).
type jsonlDoc struct {
	ID    string      `json:"id"`
	Text  string      `json:"text"`
	Spans []jsonlSpan `json:"spans"`
}

type jsonlSpan struct {
	Begin int    `json:"begin"`
	End   int    `json:"end"`
	Kind  string `json:"kind"`
}

// letter builds a document that annotates surname once as NAME_PATIENT;
// leak repeats it unannotated (so the audit must quarantine the text).
func letter(id, surname string, leak bool) jsonlDoc {
	pre := "Wir berichten über Frau "
	text := pre + surname + ", die am Vortag aufgenommen wurde. Befund unauffällig."
	if leak {
		text += " Die Patientin " + surname + " wurde entlassen."
	}
	b := utf8.RuneCountInString(pre)
	return jsonlDoc{ID: id, Text: text, Spans: []jsonlSpan{{Begin: b, End: b + utf8.RuneCountInString(surname), Kind: "NAME_PATIENT"}}}
}

// writeJSONL writes docs into dir/name and returns dir.
func writeJSONL(t testing.TB, dir, name string, docs []jsonlDoc) string {
	t.Helper()
	var b bytes.Buffer
	for _, d := range docs {
		line, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// publicFiles lists every public text below OUT/public (MANIFEST.sha256
// aside).
func publicFiles(t *testing.T, out string) map[string]string {
	t.Helper()
	files := map[string]string{}
	filepath.WalkDir(filepath.Join(out, "public"), func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && d.Name() != provenance.ManifestName {
			b, _ := os.ReadFile(p)
			files[p] = string(b)
		}
		return nil
	})
	return files
}

func readStatus(t *testing.T, privateRoot string) string {
	t.Helper()
	st, err := publish.ReadRunState(privateRoot)
	if err != nil {
		t.Fatal(err)
	}
	return st.Status
}

// TestAuditBeforePublish: a text that repeats an annotated name
// unannotated is caught on its staged bytes and never reaches public/,
// not even for a moment; the clean document is published.
func TestAuditBeforePublish(t *testing.T) {
	in := writeJSONL(t, filepath.Join(t.TempDir(), "proj"), "letters.jsonl", []jsonlDoc{
		letter("a", "Quandtmeyer", true), letter("b", "Olbrichtsen", false)})
	out := t.TempDir()
	sawPublic := false
	o := Options{Mode: ModeFictive, Seed: 1, SeedSet: true, Out: out, Workers: 1, Now: fixedNow,
		Progress: func(p Progress) {
			if p.Phase != "write" {
				return
			}
			for _, text := range publicFiles(t, out) {
				if strings.Contains(text, "Quandtmeyer") {
					sawPublic = true
				}
			}
		}}
	res, err := Run(context.Background(), []string{in}, o)
	if err != nil {
		t.Fatal(err)
	}
	if sawPublic {
		t.Fatal("a leaking text was public during the run")
	}
	if res.AuditHits == 0 || len(res.Excluded) != 1 || !res.Excluded[0].Quarantined || !res.Partial() {
		t.Fatalf("want one quarantined document, got %+v", res.Excluded)
	}
	files := publicFiles(t, out)
	if len(files) != 1 {
		t.Fatalf("public files: %d, want 1", len(files))
	}
	for p, text := range files {
		if strings.Contains(text, "Quandtmeyer") || strings.Contains(text, "Olbrichtsen") {
			t.Fatalf("%s holds an original", p)
		}
		if !strings.HasPrefix(p, res.PublicRoot+string(filepath.Separator)) {
			t.Fatalf("public file %s outside the final folder %s", p, res.PublicRoot)
		}
	}
	q, _ := filepath.Glob(filepath.Join(res.PrivateRoot, "proj", "quarantine", "*.txt"))
	if len(q) != 1 {
		t.Fatalf("quarantine: %v", q)
	}
	if st := readStatus(t, res.PrivateRoot); st != StatusComplete {
		t.Fatalf("status %q", st)
	}
	if _, err := os.Stat(res.PublicRoot + ".partial"); !os.IsNotExist(err) {
		t.Fatal("partial folder left after a complete run")
	}
}

// TestKeyIsNotTheSeed: without --key-file the key is random (one per
// output folder), so the README's "--seed 7" does not let anyone recompute
// document ids or surrogates; the key appears in no output file.
func TestKeyIsNotTheSeed(t *testing.T) {
	in := writeJSONL(t, filepath.Join(t.TempDir(), "proj"), "letters.jsonl", []jsonlDoc{letter("Albers.txt", "Quandtmeyer", false)})
	run := func(out string) (*Result, string) {
		res, err := Run(context.Background(), []string{in}, Options{Mode: ModeGemtex, Seed: 7, SeedSet: true, Out: out, Now: fixedNow})
		if err != nil {
			t.Fatal(err)
		}
		ents, _ := os.ReadDir(filepath.Join(res.PublicRoot, "proj"))
		if len(ents) != 1 {
			t.Fatalf("public: %v", ents)
		}
		return res, ents[0].Name()
	}
	outA, outB := t.TempDir(), t.TempDir()
	resA, idA := run(outA)
	_, idB := run(outB)
	if idA == idB {
		t.Fatalf("two output folders, same seed: same document id %s (key derived from the seed?)", idA)
	}
	// the document id of the old seed-derived key must not come out
	for _, k := range [][]byte{[]byte("surrogator-seed:7"), nil} {
		if DocID(append(k, 0), "proj", "Albers.txt")+".txt" == idA {
			t.Fatal("document id derivable without the key")
		}
	}
	// the same output folder keeps its key: ids are stable across runs
	_, idA2 := run(outA)
	if idA2 != idA {
		t.Fatalf("same output folder, new key: %s vs %s", idA, idA2)
	}
	keyFile := filepath.Join(outA, "private", "surrogator.key")
	fi, err := os.Stat(keyFile)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file %v %v", err, fi)
	}
	key, err := LoadKey(keyFile)
	if err != nil {
		t.Fatal(err)
	}
	hexKey := []byte(hex.EncodeToString(key))
	filepath.WalkDir(outA, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || p == keyFile {
			return nil
		}
		b, _ := os.ReadFile(p)
		if bytes.Contains(b, key) || bytes.Contains(bytes.ToLower(b), hexKey) {
			t.Errorf("%s contains the key", p)
		}
		return nil
	})
	var rj map[string]any
	b, _ := os.ReadFile(filepath.Join(resA.PrivateRoot, "run.json"))
	json.Unmarshal(b, &rj)
	if rj["key_fingerprint"] != KeyFingerprint(key) {
		t.Fatalf("run.json key fingerprint %v", rj["key_fingerprint"])
	}
}

// TestInterruptAndResume: a cancelled run leaves nothing public and
// records itself as interrupted; the same command again takes the run over
// (same run key) and completes it with the same outputs as an
// uninterrupted run.
func TestInterruptAndResume(t *testing.T) {
	var docs []jsonlDoc
	for i := 0; i < 40; i++ {
		docs = append(docs, letter(fmt.Sprintf("d%02d", i), "Quandtmeyer", false))
	}
	in := writeJSONL(t, filepath.Join(t.TempDir(), "proj"), "letters.jsonl", docs)
	out := t.TempDir()
	key := []byte("resume test key 0123456789")
	ctx, cancel := context.WithCancel(context.Background())
	o := Options{Mode: ModeFictive, Key: key, Out: out, Workers: 1, Now: fixedNow,
		Progress: func(p Progress) {
			if p.Phase == "write" && p.Done == 5 {
				cancel()
			}
		}}
	_, err := Run(ctx, []string{in}, o)
	if !errors.Is(err, ErrInterrupted) || !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want ErrInterrupted wrapping context.Canceled", err)
	}
	if files := publicFiles(t, out); len(files) != 0 {
		t.Fatalf("interrupted run left %d public files", len(files))
	}
	dirs, _ := filepath.Glob(filepath.Join(out, "private", "private-*"))
	if len(dirs) != 1 {
		t.Fatalf("private runs: %v", dirs)
	}
	if st := readStatus(t, dirs[0]); st != StatusInterrupted {
		t.Fatalf("status %q", st)
	}
	// no --seed: the re-run takes the interrupted run's random seed over
	o.Progress = nil
	res, err := Run(context.Background(), []string{in}, o)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Resumed || res.PrivateRoot != dirs[0] {
		t.Fatalf("re-run did not take the interrupted run over: %+v", res)
	}
	if res.Released() != 40 {
		t.Fatalf("released %d", res.Released())
	}
	st, _ := publish.ReadRunState(res.PrivateRoot)
	// an uninterrupted run with that seed gives the same public texts
	ref, err := Run(context.Background(), []string{in}, Options{Mode: ModeFictive, Key: key, Seed: st.Seed, SeedSet: true,
		Out: t.TempDir(), Workers: 2, Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	a, b := tree(t, res.PublicRoot), tree(t, ref.PublicRoot)
	if len(a) != 41 || len(a) != len(b) { // 40 texts and MANIFEST.sha256
		t.Fatalf("%d vs %d public files", len(a), len(b))
	}
	for name, da := range a {
		if !bytes.Equal(da, b[name]) {
			t.Fatalf("%s differs between the resumed and an uninterrupted run", name)
		}
	}
}

// TestKilledRunRecovery simulates the states a kill -9 can leave: a run
// still "running" with a partial public folder (taken over and redone by
// the same command; left alone by another), and a complete run killed
// before its rename (finalized by the next run).
func TestKilledRunRecovery(t *testing.T) {
	in := writeJSONL(t, filepath.Join(t.TempDir(), "proj"), "letters.jsonl", []jsonlDoc{letter("a", "Quandtmeyer", false)})
	out := t.TempDir()
	o := Options{Mode: ModeX, Seed: 3, SeedSet: true, Out: out, Now: fixedNow}
	res, err := Run(context.Background(), []string{in}, o)
	if err != nil {
		t.Fatal(err)
	}
	// state 1: killed between run.json "complete" and the rename
	if err := os.Rename(res.PublicRoot, res.PublicRoot+".partial"); err != nil {
		t.Fatal(err)
	}
	other := o
	other.Mode = ModeEntity
	res2, err := Run(context.Background(), []string{in}, other)
	if err != nil {
		t.Fatal(err)
	}
	if res2.Finalized != 1 || res2.Resumed {
		t.Fatalf("finalized %d resumed %v", res2.Finalized, res2.Resumed)
	}
	if _, err := os.Stat(res.PublicRoot); err != nil {
		t.Fatal("complete run not finalized")
	}
	// state 2: killed while running (status running, partial folder)
	rj := filepath.Join(res.PrivateRoot, "run.json")
	b, _ := os.ReadFile(rj)
	os.WriteFile(rj, bytes.Replace(b, []byte(`"status": "complete"`), []byte(`"status": "running"`), 1), 0o600)
	if err := os.Rename(res.PublicRoot, res.PublicRoot+".partial"); err != nil {
		t.Fatal(err)
	}
	res3, err := Run(context.Background(), []string{in}, other) // other options: leave it
	if err != nil {
		t.Fatal(err)
	}
	if res3.Resumed || res3.StaleRuns != 1 {
		t.Fatalf("other options took the run over: %+v", res3)
	}
	if _, err := os.Stat(res.PublicRoot); !os.IsNotExist(err) {
		t.Fatal("an incomplete run was made final")
	}
	res4, err := Run(context.Background(), []string{in}, o) // the same command
	if err != nil {
		t.Fatal(err)
	}
	if !res4.Resumed || res4.RunKey != res.RunKey {
		t.Fatalf("same command did not resume: %+v", res4)
	}
	if _, err := os.Stat(res.PublicRoot); err != nil {
		t.Fatal("resumed run not final")
	}
	if _, err := os.Stat(res.PublicRoot + ".partial"); !os.IsNotExist(err) {
		t.Fatal("partial folder left")
	}
}

// TestExitCategories: exclusions by the release decision are not a
// partial run; a run in which every document that should be published was
// quarantined or unreadable published nothing (ErrNothingReleased) and
// leaves no public folder.
func TestExitCategories(t *testing.T) {
	in := writeJSONL(t, filepath.Join(t.TempDir(), "proj"), "letters.jsonl", []jsonlDoc{
		letter("a", "Quandtmeyer", true), letter("b", "Olbrichtsen", true)})
	out := t.TempDir()
	_, err := Run(context.Background(), []string{in}, Options{Mode: ModeFictive, Seed: 1, SeedSet: true, Out: out, Now: fixedNow})
	if !errors.Is(err, ErrNothingReleased) {
		t.Fatalf("err = %v, want ErrNothingReleased", err)
	}
	if files := publicFiles(t, out); len(files) != 0 {
		t.Fatalf("public files left: %v", files)
	}
	if ents, _ := os.ReadDir(filepath.Join(out, "public")); len(ents) != 0 {
		t.Fatalf("public folders left: %v", ents)
	}
	r := &Result{Excluded: []Excluded{{Reason: ReasonNotReleased}}}
	if r.Partial() || r.NotReleased() != 1 {
		t.Fatal("a reviewer's 0 makes a run partial")
	}
	for _, reason := range []string{"unreadable", "unsafe", "quarantined", "wrong annotations"} {
		if !(&Result{Excluded: []Excluded{{Reason: reason}}}).Partial() {
			t.Fatalf("%s is not partial", reason)
		}
	}
}

// TestDuplicateNamesNeverLoseAKey: two documents with one name in one
// project are both excluded (never both published with one mapping entry).
func TestDuplicateNamesNeverLoseAKey(t *testing.T) {
	in := writeJSONL(t, filepath.Join(t.TempDir(), "proj"), "letters.jsonl", []jsonlDoc{
		letter("same", "Quandtmeyer", false), letter("same", "Olbrichtsen", false), letter("other", "Wendelbrok", false)})
	res, err := Run(context.Background(), []string{in}, Options{Mode: ModeFictive, Seed: 1, SeedSet: true, Out: t.TempDir(), Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	m := readMapping(t, filepath.Join(res.PrivateRoot, "proj", "mapping.json"))
	if _, ok := m["same"]; ok || len(m) != 1 {
		t.Fatalf("mapping documents: %v", m)
	}
	if res.Released() != 1 || len(res.Excluded) != 2 {
		t.Fatalf("released %d, excluded %+v", res.Released(), res.Excluded)
	}
	for _, e := range res.Excluded {
		if e.Reason != "unreadable" || strings.Contains(e.Detail, "Quandtmeyer") {
			t.Fatalf("exclusion %+v", e)
		}
	}
}

// TestReplaceStateAudited: under --replace-state a city-state is replaced,
// so an unannotated repeat of it is a leak (quarantined); by default it is
// kept as written and the same letter is published.
func TestReplaceStateAudited(t *testing.T) {
	pre := "Frau Olbrichtsen wohnt in "
	text := pre + "Berlin. Sie wurde in Berlin operiert."
	b := utf8.RuneCountInString(pre)
	doc := jsonlDoc{ID: "a", Text: text, Spans: []jsonlSpan{{Begin: 5, End: 16, Kind: "NAME_PATIENT"}, {Begin: b, End: b + 6, Kind: "LOCATION_CITY"}}}
	in := writeJSONL(t, filepath.Join(t.TempDir(), "proj"), "letters.jsonl", []jsonlDoc{doc})
	res, err := Run(context.Background(), []string{in}, Options{Mode: ModeFictive, Seed: 1, SeedSet: true, Out: t.TempDir(), Now: fixedNow})
	if err != nil || res.Released() != 1 {
		t.Fatalf("default policy: %v, released %v", err, res)
	}
	_, err = Run(context.Background(), []string{in}, Options{Mode: ModeFictive, Seed: 1, SeedSet: true, ReplaceState: true, Out: t.TempDir(), Now: fixedNow})
	if !errors.Is(err, ErrNothingReleased) {
		t.Fatalf("--replace-state: err %v, want the letter quarantined", err)
	}
}

// TestUnsafeProjectName: a project folder named after a patient would
// become a public folder name; the run stops before writing anything, and
// the error does not repeat the name.
func TestUnsafeProjectName(t *testing.T) {
	in := writeJSONL(t, filepath.Join(t.TempDir(), "Quandtmeyer"), "letters.jsonl", []jsonlDoc{letter("a", "Quandtmeyer", false)})
	out := t.TempDir()
	_, err := Run(context.Background(), []string{in}, Options{Mode: ModeX, Seed: 1, SeedSet: true, Out: out, Now: fixedNow})
	if !errors.Is(err, ErrUnsafeProjectName) || strings.Contains(err.Error(), "Quandtmeyer") {
		t.Fatalf("err = %v", err)
	}
	if ents, _ := os.ReadDir(filepath.Join(out, "public")); len(ents) != 0 {
		t.Fatalf("public folders: %v", ents)
	}
}

// TestBareSurnameQuarantined: a letter that repeats a part of an annotated
// name unannotated ("Frau Quastenbichler" after "Ermentrud Quastenbichler")
// is quarantined (review of issue 9, defect 1).
func TestBareSurnameQuarantined(t *testing.T) {
	text := "Patientin Ermentrud Quastenbichler kam. Frau Quastenbichler ging."
	doc := jsonlDoc{ID: "a", Text: text, Spans: []jsonlSpan{{Begin: 10, End: 34, Kind: "NAME_PATIENT"}}}
	in := writeJSONL(t, filepath.Join(t.TempDir(), "proj"), "letters.jsonl", []jsonlDoc{doc, letter("b", "Olbrichtsen", false)})
	res, err := Run(context.Background(), []string{in}, Options{Mode: ModeFictive, Seed: 1, SeedSet: true, Out: t.TempDir(), Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	if res.Released() != 1 || len(res.Excluded) != 1 || !res.Excluded[0].Quarantined {
		t.Fatalf("released %d, excluded %+v", res.Released(), res.Excluded)
	}
	for p, text := range publicFiles(t, filepath.Dir(filepath.Dir(res.PublicRoot))) {
		if strings.Contains(text, "Quastenbichler") {
			t.Fatalf("%s leaks", p)
		}
	}
}

// TestOptionFilesAndInputUntouched: a key file must be a small regular
// file (/dev/zero behind a link is refused at once), and a run refused
// because its input lies inside --out writes nothing into that input
// (review of issue 9, defects 7 and 8).
func TestOptionFilesAndInputUntouched(t *testing.T) {
	dir := t.TempDir()
	zero := filepath.Join(dir, "key")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadKey(zero); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("LoadKey(/dev/zero): %v", err)
	}
	big := filepath.Join(dir, "big")
	os.WriteFile(big, bytes.Repeat([]byte("k"), maxKeyFile+1), 0o600)
	if _, err := LoadKey(big); err == nil {
		t.Fatal("an oversized key file was accepted")
	}
	in := writeJSONL(t, filepath.Join(dir, "letters"), "a.jsonl", []jsonlDoc{letter("a", "Quandtmeyer", false)})
	for _, out := range []string{in, filepath.Dir(in)} {
		if _, err := Run(context.Background(), []string{in}, Options{Mode: ModeX, Out: out, Now: fixedNow}); err == nil {
			t.Fatalf("--out %s over its input accepted", out)
		}
	}
	ents, _ := os.ReadDir(in)
	if len(ents) != 1 {
		t.Fatalf("the refused runs wrote into the input: %v", ents)
	}
}
