package webapp

import (
	"archive/zip"
	"bytes"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/surrogator/surrogator/surrogator/qc"
)

// The curator's items of issue 29 (web app).

const twoLetters = `{"id":"brief-1","text":"Herr Muster kam am 3. März 2021.","spans":[{"begin":5,"end":11,"kind":"NAME_PATIENT"},{"begin":19,"end":31,"kind":"DATE"}]}` + "\n" +
	`{"id":"brief-2","text":"Frau Albers aus Kiel.","spans":[{"begin":5,"end":11,"kind":"NAME_PATIENT"},{"begin":16,"end":20,"kind":"LOCATION_CITY"}]}` + "\n"

// runLetters uploads two JSON Lines letters, runs mode fictive and returns the
// project id and the run page's path.
func runLetters(t *testing.T, a *testApp) (pid, runPath string) {
	t.Helper()
	resp := a.upload(a.csrf(), [][2]string{{"letters.jsonl", twoLetters}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("upload: %d", resp.StatusCode)
	}
	pid = strings.TrimPrefix(resp.Header.Get("Location"), "/p/")
	resp = a.post("/p/"+pid+"/run", map[string]string{"csrf": a.csrf(), "mode": "fictive", "scope": "document"}, nil)
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("run: %d %s", resp.StatusCode, text(bodyOf(resp)))
	}
	runPath = resp.Header.Get("Location")
	if res := a.waitRun(runPath); !strings.Contains(res, `data-state="complete"`) {
		t.Fatalf("run: %s", text(res))
	}
	return pid, runPath
}

// TestPrivateZipContents: behind the confirmation, the private zip holds
// the mapping and key and also the surrogate CAS files and the QC
// reports; every entry of both zips carries a real date (not 1980-00-00).
func TestPrivateZipContents(t *testing.T) {
	a := newApp(t, Config{})
	a.login()
	_, runPath := runLetters(t, a)
	pr := a.post(runPath+"/private", map[string]string{"csrf": a.csrf(), "confirm": "yes"}, nil)
	pb, _ := io.ReadAll(pr.Body)
	if pr.StatusCode != http.StatusOK {
		t.Fatalf("private download: %d", pr.StatusCode)
	}
	var cas, qcFiles int
	var mapping, key bool
	for n := range zipNames(t, pb) {
		switch {
		case strings.Contains(n, "/cas/") && strings.HasSuffix(n, ".json"):
			cas++
		case strings.Contains(n, "/quality_control/"):
			qcFiles++
		case strings.HasSuffix(n, "/mapping.json"):
			mapping = true
		case strings.HasSuffix(n, "/surrogator.key"):
			key = true
		}
	}
	if cas != 2 || qcFiles == 0 || !mapping || !key {
		t.Errorf("private zip: %d CAS files (want 2), %d QC files, mapping %t, key %t", cas, qcFiles, mapping, key)
	}
	pub := a.get(runPath + "/public.zip")
	body, _ := io.ReadAll(pub.Body)
	for name, b := range map[string][]byte{"public": body, "private": pb} {
		zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range zr.File {
			if f.ModifiedDate == 0 || f.Modified.Year() < 2020 || time.Since(f.Modified) > 24*time.Hour {
				t.Errorf("%s zip: %s dated %v (date field %#x)", name, f.Name, f.Modified, f.ModifiedDate)
			}
		}
	}
}

// TestDeleteProjectAndRun: a run and a project can be deleted after a
// confirmation; their files leave the data folder.
func TestDeleteProjectAndRun(t *testing.T) {
	a := newApp(t, Config{})
	a.login()
	pid, runPath := runLetters(t, a)
	rid := runPath[strings.LastIndex(runPath, "/")+1:]
	out := filepath.Join(a.data, "projects", pid, "out")
	runFiles := func() []string {
		var fs []string
		for _, g := range []string{"public/public-*", "private/private-*"} {
			m, _ := filepath.Glob(filepath.Join(out, g))
			fs = append(fs, m...)
		}
		if _, err := os.Stat(filepath.Join(a.data, "projects", pid, "runs", rid+".json")); err == nil {
			fs = append(fs, "run record")
		}
		return fs
	}
	if n := len(runFiles()); n != 3 {
		t.Fatalf("%d run folders and records before deletion, want 3", n)
	}
	if !strings.Contains(a.body(runPath), `id="delete-run"`) || !strings.Contains(a.body(runPath+"/delete"), `id="delete-submit"`) {
		t.Error("no way to delete the run")
	}
	if got := a.post(runPath+"/delete", map[string]string{"csrf": a.csrf()}, nil).StatusCode; got != http.StatusBadRequest {
		t.Errorf("run deletion without confirmation: %d, want 400", got)
	}
	if n := len(runFiles()); n != 3 {
		t.Fatal("an unconfirmed deletion removed files")
	}
	if got := a.post(runPath+"/delete", map[string]string{"csrf": a.csrf(), "confirm": "yes"}, nil).StatusCode; got != http.StatusSeeOther {
		t.Fatalf("run deletion: %d", got)
	}
	if fs := runFiles(); len(fs) != 0 {
		t.Errorf("left after the run's deletion: %v", fs)
	}
	if got := a.get(runPath).StatusCode; got != http.StatusNotFound {
		t.Errorf("deleted run page: %d", got)
	}
	if !strings.Contains(a.body("/p/"+pid), `id="delete-project"`) {
		t.Error("no way to delete the project")
	}
	if got := a.post("/p/"+pid+"/delete", map[string]string{"csrf": a.csrf()}, nil).StatusCode; got != http.StatusBadRequest {
		t.Errorf("project deletion without confirmation: %d, want 400", got)
	}
	if got := a.post("/p/"+pid+"/delete", map[string]string{"csrf": a.csrf(), "confirm": "yes"}, nil).StatusCode; got != http.StatusSeeOther {
		t.Fatalf("project deletion: %d", got)
	}
	if _, err := os.Stat(filepath.Join(a.data, "projects", pid)); err == nil {
		t.Error("the project folder is still there")
	}
	if got := a.get("/p/" + pid).StatusCode; got != http.StatusNotFound {
		t.Errorf("deleted project page: %d", got)
	}
	if strings.Contains(a.body("/"), pid) {
		t.Error("the home page still lists the project")
	}
	// a new server on the same folder does not bring it back
	srv, err := New(Config{DataDir: a.data})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if srv.project(pid) != nil {
		t.Error("the deleted project is loaded again")
	}
}

// TestUploadNothingReadable: an upload without any readable document is
// an error and creates no project.
func TestUploadNothingReadable(t *testing.T) {
	a := newApp(t, Config{})
	a.login()
	resp := a.upload(a.csrf(), [][2]string{{"kaputt.json", `{"not a CAS`}})
	body := text(bodyOf(resp))
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, "no project was created") {
		t.Errorf("upload of an unreadable file: %d %s", resp.StatusCode, body)
	}
	if ents, _ := os.ReadDir(filepath.Join(a.data, "projects")); len(ents) != 0 {
		t.Errorf("%d projects created", len(ents))
	}
	if strings.Contains(a.body("/"), "kaputt") {
		t.Error("the home page lists the refused upload")
	}
}

// TestNeverReleased: on the shared export the two documents with wrong
// annotations have no Include button (disabled, with the reason), a
// forged toggle is refused, the count says 10 of 15 and why, and the
// run's status is explained in words; labels are words, not codes.
func TestNeverReleased(t *testing.T) {
	a := newApp(t, Config{})
	a.login()
	proj := a.uploadShared()
	page := a.body(proj)
	never := regexp.MustCompile(`<tr id="doc-(\d+)-(\d+)"[^>]*>(?:[^<]|<[^/]|</[^t]|</t[^r])*never-reason`).FindAllStringSubmatch(page, -1)
	if len(never) != 2 {
		t.Fatalf("%d rows cannot be released, want 2 (the documents with wrong annotations)", len(never))
	}
	for _, m := range never {
		row := page[strings.Index(page, `<tr id="doc-`+m[1]+"-"+m[2]):]
		row = row[:strings.Index(row, "</tr>")]
		if strings.Contains(row, `<form`) || !strings.Contains(row, "disabled") || !strings.Contains(row, "wrong annotations") {
			t.Errorf("row %s/%s: %s", m[1], m[2], text(row))
		}
		if got := a.post(proj+"/d/"+m[1]+"/"+m[2]+"/toggle", map[string]string{"csrf": a.csrf(), "include": "1"}, nil); got.StatusCode != http.StatusBadRequest {
			t.Errorf("including a document with wrong annotations: %d, want 400", got.StatusCode)
		}
		doc := a.body(proj + "/d/" + m[1] + "/" + m[2])
		if !strings.Contains(doc, "never-reason") || strings.Contains(doc, `class="toggle" data-doc`) {
			t.Errorf("document page %s/%s offers Include", m[1], m[2])
		}
	}
	words := text(page[strings.Index(page, `id="qc-explained"`):])
	if !strings.Contains(words, "A run releases 10 of the 15 documents.") || !strings.Contains(words, "3 are kept out") || !strings.Contains(words, "2 can never be released") {
		t.Errorf("release count explained: %.300s", words)
	}
	for _, code := range []string{"WRONG:", "kept_place", "date_birth_count", "wrong_annotation", "location_other"} {
		if strings.Contains(text(page), code) {
			t.Errorf("the QC page shows the code %q", code)
		}
	}
	resp := a.post(proj+"/run", map[string]string{"csrf": a.csrf(), "mode": "x"}, nil)
	res := a.waitRun(resp.Header.Get("Location"))
	got := text(res[strings.Index(res, `id="run-explained"`):])
	if !strings.Contains(got, "Partial: 10 documents were released.") || !strings.Contains(got, "2 wrong annotations") || !strings.Contains(got, "3 were kept out by the release decision") {
		t.Errorf("run status explained: %.300s", got)
	}
}

// TestFlagWords: every QC flag kind has words.
func TestFlagWords(t *testing.T) {
	for _, k := range []string{qc.FlagAge, qc.FlagProfession, qc.FlagOther, qc.FlagLocationOther, qc.FlagDateBirthCount,
		qc.FlagUnparseable, qc.FlagWrong, qc.FlagOverlap, qc.FlagReadError, qc.FlagNoPHI, qc.FlagKeptPlace} {
		if w, ok := flagWords[k]; !ok || strings.Contains(w, "_") && !strings.Contains(w, "LOCATION_OTHER") {
			t.Errorf("flag %s reads %q", k, w)
		}
	}
	if got := kindLabel("WRONG:Persn"); got != "wrong annotation “Persn”" {
		t.Errorf("kindLabel: %q", got)
	}
}
