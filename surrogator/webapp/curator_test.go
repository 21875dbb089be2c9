package webapp

import (
	"archive/zip"
	"bytes"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The curator's items of issue 29 (web app).

const twoLetters = `{"id":"brief-1","text":"Herr Muster kam am 3. März 2021.","spans":[{"begin":5,"end":11,"kind":"NAME_PATIENT"},{"begin":19,"end":31,"kind":"DATE"}]}` + "\n" +
	`{"id":"brief-2","text":"Frau Albers aus Kiel.","spans":[{"begin":5,"end":11,"kind":"NAME_PATIENT"},{"begin":16,"end":20,"kind":"LOCATION_CITY"}]}` + "\n"

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
