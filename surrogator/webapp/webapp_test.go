package webapp

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/osmbuild"
	"github.com/surrogator/surrogator/surrogator/engine"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/provenance"
	"github.com/surrogator/surrogator/surrogator/qc"
)

func TestCheckAddr(t *testing.T) {
	for _, c := range []struct {
		addr, password, token string
		ok                    bool
	}{
		{"127.0.0.1:8080", "", "", true},
		{"127.0.0.2:0", "", "", true},
		{"[::1]:8080", "", "", true},
		{"localhost:8080", "", "", true},
		{"0.0.0.0:8080", "", "", false},
		{":8080", "", "", false},
		{"[::]:8080", "", "", false},
		{"10.0.0.5:8080", "", "", false},
		{"example.org:80", "", "", false},
		{"10.0.0.5:8080", "secret-password", "", true},
		{"0.0.0.0:8080", "", "a-fixed-token-of-32-characters!!", true},
		{"no-port", "", "", false},
	} {
		err := CheckAddr(c.addr, c.password, c.token)
		if (err == nil) != c.ok {
			t.Errorf("CheckAddr(%q, password %t, token %t) = %v, want ok=%t", c.addr, c.password != "", c.token != "", err, c.ok)
		}
		// New refuses to start exactly where CheckAddr refuses
		_, err = New(Config{Addr: c.addr, Password: c.password, Token: c.token, DataDir: t.TempDir()})
		if (err == nil) != c.ok {
			t.Errorf("New(%q) = %v, want ok=%t", c.addr, err, c.ok)
		}
		if !c.ok && c.addr != "no-port" && !errors.Is(err, ErrExposed) {
			t.Errorf("New(%q): %v is not ErrExposed", c.addr, err)
		}
	}
}

func TestAccessNeedsToken(t *testing.T) {
	a := newApp(t, Config{})
	for _, c := range []struct {
		name, path string
		want       int
	}{
		{"no session", "/", http.StatusUnauthorized},
		{"no session, project page", "/p/0123456789abcdef", http.StatusUnauthorized},
		{"no session, status JSON", "/p/0123456789abcdef/r/0123456789abcdef/status", http.StatusUnauthorized},
		{"wrong token", "/?token=" + strings.Repeat("0", 48), http.StatusUnauthorized},
		{"static assets are public", "/static/app.css", http.StatusOK},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := a.get(c.path).StatusCode; got != c.want {
				t.Errorf("GET %s: %d, want %d", c.path, got, c.want)
			}
		})
	}
	// a forged cookie is no session
	req, _ := http.NewRequest(http.MethodGet, a.ts.URL+"/", nil)
	req.AddCookie(&http.Cookie{Name: sessionCookie, Value: a.srv.Token()})
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("the token as a cookie: %d, want 401", resp.StatusCode)
	}
	// the right token sets an HttpOnly, SameSite=Strict cookie and drops
	// itself from the address
	resp = a.get("/?token=" + a.srv.Token())
	if resp.StatusCode != http.StatusSeeOther || strings.Contains(resp.Header.Get("Location"), "token") {
		t.Fatalf("token login: %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	sc := resp.Header.Get("Set-Cookie")
	if !strings.Contains(sc, "HttpOnly") || !strings.Contains(sc, "SameSite=Strict") {
		t.Errorf("session cookie %q lacks HttpOnly or SameSite=Strict", sc)
	}
	if got := a.get("/").StatusCode; got != http.StatusOK {
		t.Errorf("with the session: %d", got)
	}
}

func TestPasswordLogin(t *testing.T) {
	a := newApp(t, Config{Addr: "0.0.0.0:8080", Password: "correct horse battery"})
	if r := a.get("/"); r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/login" {
		t.Fatalf("GET / without session: %d %s", r.StatusCode, r.Header.Get("Location"))
	}
	page := a.body("/login")
	pre := regexp.MustCompile(`name="csrf" value="([0-9a-f]+)"`).FindStringSubmatch(page)
	if pre == nil {
		t.Fatal("no csrf field on the login form")
	}
	for _, c := range []struct {
		name string
		form map[string]string
		want int
	}{
		{"no csrf", map[string]string{"password": "correct horse battery"}, http.StatusForbidden},
		{"wrong csrf", map[string]string{"password": "correct horse battery", "csrf": strings.Repeat("a", 32)}, http.StatusForbidden},
		{"wrong password", map[string]string{"password": "wrong", "csrf": pre[1]}, http.StatusUnauthorized},
		{"right password", map[string]string{"password": "correct horse battery", "csrf": pre[1]}, http.StatusSeeOther},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := a.post("/login", c.form, nil).StatusCode; got != c.want {
				t.Errorf("POST /login: %d, want %d", got, c.want)
			}
		})
	}
	if got := a.get("/").StatusCode; got != http.StatusOK {
		t.Errorf("after login: %d", got)
	}
}

// TestCSRF: every state-changing route refuses a request without the
// session's CSRF token, or with another session's.
func TestCSRF(t *testing.T) {
	a := newApp(t, Config{})
	a.login()
	good := a.csrf()
	b := newApp(t, Config{DataDir: a.data + "-b"})
	b.login()
	foreign := b.csrf()
	// a project to act on (loose JSON Lines file; no shared data needed)
	resp := a.upload(good, [][2]string{{"letters.jsonl", `{"id":"a","text":"Herr Muster kam.","spans":[]}` + "\n"}})
	if resp.StatusCode != http.StatusSeeOther {
		body, _ := io.ReadAll(resp.Body)
		t.Fatalf("upload with token: %d %s", resp.StatusCode, body)
	}
	pid := strings.TrimPrefix(resp.Header.Get("Location"), "/p/")
	routes := []string{
		"/p/" + pid + "/d/0/0/toggle",
		"/p/" + pid + "/run",
		"/p/" + pid + "/r/0123456789abcdef/private",
		"/inception",
		"/inception/0123456789abcdef/1/pull",
	}
	for _, path := range routes {
		for _, c := range []struct {
			name  string
			token string
		}{{"without token", ""}, {"other session's token", foreign}, {"garbage", "x"}} {
			t.Run(path+" "+c.name, func(t *testing.T) {
				form := map[string]string{"include": "0", "mode": "x", "confirm": "yes"}
				if c.token != "" {
					form["csrf"] = c.token
				}
				if got := a.post(path, form, nil).StatusCode; got != http.StatusForbidden {
					t.Errorf("POST %s %s: %d, want 403", path, c.name, got)
				}
				if got := a.post(path, map[string]string{"include": "0"}, map[string]string{"X-CSRF-Token": c.token}).StatusCode; got != http.StatusForbidden {
					t.Errorf("POST %s %s in the header: %d, want 403", path, c.name, got)
				}
			})
		}
	}
	for _, c := range []struct{ name, token string }{{"without token", ""}, {"other session's token", foreign}} {
		if got := a.upload(c.token, [][2]string{{"x.jsonl", "{}"}}).StatusCode; got != http.StatusForbidden {
			t.Errorf("upload %s: %d, want 403", c.name, got)
		}
	}
	// nothing changed: no toggle file, no run, one project
	if _, err := os.Stat(filepath.Join(a.data, "projects", pid, "toggle.csv")); err == nil {
		t.Error("a refused toggle wrote the toggle file")
	}
	if ents, _ := os.ReadDir(filepath.Join(a.data, "projects", pid, "runs")); len(ents) != 0 {
		t.Error("a refused run started")
	}
	if ents, _ := os.ReadDir(filepath.Join(a.data, "projects")); len(ents) != 1 {
		t.Errorf("%d projects, want 1 (refused uploads must leave nothing)", len(ents))
	}
	// with the token the same toggle is accepted
	if got := a.post("/p/"+pid+"/d/0/0/toggle", map[string]string{"include": "0", "csrf": good}, nil).StatusCode; got != http.StatusSeeOther {
		t.Errorf("toggle with token: %d, want 303", got)
	}
}

// TestSecurityHeaders: every response, pages, errors and assets, carries
// the strict CSP; no page has inline script or style.
func TestSecurityHeaders(t *testing.T) {
	a := newApp(t, Config{})
	unauth := a.get("/")
	a.login()
	resp := a.upload(a.csrf(), [][2]string{{"letters.jsonl", `{"id":"a","text":"Herr Muster kam.","spans":[{"begin":5,"end":11,"kind":"NAME_PATIENT"}]}` + "\n"}})
	pid := strings.TrimPrefix(resp.Header.Get("Location"), "/p/")
	pages := map[string]*http.Response{"401": unauth}
	for _, p := range []string{"/", "/p/" + pid, "/p/" + pid + "/d/0/0", "/p/" + pid + "/run", "/inception", "/static/app.js", "/static/app.css", "/p/nope"} {
		pages[p] = a.get(p)
	}
	inline := regexp.MustCompile(`<script(?:\s[^>]*)?>[^<]|<script(?:(?:\s(?:[^s>]|s[^r>]|sr[^c>])[^>]*)?)>|\sstyle=|\son[a-z]+=|javascript:`)
	for p, r := range pages {
		h := r.Header
		csp := h.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'none'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'", "form-action 'self'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %s", p, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe") {
			t.Errorf("%s: CSP %q allows unsafe sources", p, csp)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "same-origin" || h.Get("Cache-Control") != "no-store" {
			t.Errorf("%s: headers %v", p, h)
		}
		if strings.HasPrefix(h.Get("Content-Type"), "text/html") {
			b, _ := io.ReadAll(r.Body)
			if m := inline.Find(b); m != nil {
				t.Errorf("%s: inline script or style %q", p, m)
			}
			if regexp.MustCompile(`(?i)(src|href)="(https?:)?//`).Match(b) {
				t.Errorf("%s: refers to another origin", p)
			}
		}
	}
}

// TestUploadNames: whatever a file is called, it is stored under a
// generated name inside the project's input folder; its name is kept only
// in project.json.
func TestUploadNames(t *testing.T) {
	a := newApp(t, Config{})
	a.login()
	jsonl := `{"id":"a","text":"Herr Muster kam.","spans":[]}` + "\n"
	for _, c := range []struct {
		name string
		want int
	}{
		{"../../../../tmp/evil.jsonl", http.StatusSeeOther},
		{`..\..\evil.jsonl`, http.StatusSeeOther},
		{"/etc/cron.d/evil.jsonl", http.StatusSeeOther},
		{"..", http.StatusUnsupportedMediaType},
		{"evil.jsonl\x00.zip", http.StatusBadRequest},
		{strings.Repeat("ä", 300) + ".jsonl", http.StatusSeeOther},
		{"run.exe", http.StatusUnsupportedMediaType},
		{".surrogator-out", http.StatusUnsupportedMediaType},
	} {
		t.Run(fmt.Sprintf("%q", c.name), func(t *testing.T) {
			before := listFiles(t, a.data)
			resp := a.upload(a.csrf(), [][2]string{{c.name, jsonl}})
			if resp.StatusCode != c.want {
				t.Fatalf("upload %q: %d, want %d", c.name, resp.StatusCode, c.want)
			}
			gen := regexp.MustCompile(`^projects/[0-9a-f]{16}/(project\.json|input/files/[0-9a-f]{16}\.(jsonl|json|xmi|txt|ann|ndjson)|input/[0-9a-f]{16}\.zip)$`)
			for f := range listFiles(t, a.data) {
				if before[f] {
					continue
				}
				if !gen.MatchString(f) {
					t.Errorf("stored file %q is not under a generated name", f)
				}
			}
		})
	}
	if _, err := os.Stat("/tmp/evil.jsonl"); err == nil {
		t.Error("/tmp/evil.jsonl exists")
	}
	// routes name documents and runs by generated ids and indices only
	resp := a.upload(a.csrf(), [][2]string{{"x.jsonl", jsonl}})
	pid := strings.TrimPrefix(resp.Header.Get("Location"), "/p/")
	for _, p := range []string{"/p/../../etc/passwd", "/p/" + pid + "/d/0/-1", "/p/" + pid + "/d/0/9", "/p/" + pid + "/d/1/0",
		"/p/" + pid + "/d/0/0x0", "/p/" + pid + "/r/..%2f..%2fx", "/p/" + pid + "/r/0123456789abcdef", "/p/" + strings.ToUpper(pid)} {
		// ServeMux answers a path with dot segments by a redirect to the
		// cleaned path, which is then unknown
		if got := a.get(p).StatusCode; got != http.StatusNotFound && got != http.StatusTemporaryRedirect && got != http.StatusMovedPermanently {
			t.Errorf("GET %s: %d, want 404", p, got)
		}
	}
}

// listFiles lists the regular files below dir (slash paths relative to it).
func listFiles(t *testing.T, dir string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	return out
}

func TestUploadTooLarge(t *testing.T) {
	a := newApp(t, Config{MaxUpload: 4 << 10})
	a.login()
	var sb strings.Builder
	for i := range 500 { // distinct names: copies of a name are refused
		fmt.Fprintf(&sb, `{"id":"brief-%d","text":"Herr Muster kam.","spans":[]}`+"\n", i)
	}
	big := sb.String()
	resp := a.upload(a.csrf(), [][2]string{{"big.jsonl", big}})
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Fatalf("oversize upload: %d, want 413", resp.StatusCode)
	}
	if ents, _ := os.ReadDir(filepath.Join(a.data, "projects")); len(ents) != 0 {
		t.Errorf("an oversize upload left %d project folders", len(ents))
	}
	// within the limit it is accepted
	if resp := a.upload(a.csrf(), [][2]string{{"small.jsonl", big[:1000]}}); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("small upload: %d", resp.StatusCode)
	}
	// a form post outside multipart is bounded too
	long := strings.Repeat("x", 2<<20)
	if got := a.post("/p/0123456789abcdef/run", map[string]string{"csrf": a.csrf(), "mode": long}, nil).StatusCode; got < 400 {
		t.Errorf("2 MiB form: %d", got)
	}
}

// sharedOriginals returns the document names and span texts of the shared
// export (what must never reach the log).
func sharedOriginals(t *testing.T) []string {
	projs, err := formats.Scan(context.Background(), formats.PathSources([]string{testutil.Shared(t, exportZip)}), formats.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range projs {
		for _, d := range p.Documents {
			out = append(out, d.Name, strings.TrimSuffix(d.Name, ".txt"))
			for _, s := range d.Spans {
				if s.End-s.Begin >= 4 {
					out = append(out, d.Text[s.Begin:s.End])
				}
			}
		}
	}
	return out
}

// auditedOriginals are the shared export's span texts of the kinds the
// leak audit checks in every mode (names, streets, IDs, contacts).
func auditedOriginals(t *testing.T) []string {
	projs, err := formats.Scan(context.Background(), formats.PathSources([]string{testutil.Shared(t, exportZip)}), formats.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range projs {
		for _, d := range p.Documents {
			for _, s := range d.Spans {
				k := string(s.Kind)
				if strings.HasPrefix(k, "NAME_") || strings.HasPrefix(k, "CONTACT_") || k == "ID" || k == "LOCATION_STREET" {
					out = append(out, d.Text[s.Begin:s.End])
				}
			}
		}
	}
	return out
}

// TestNoJavaScriptFlow walks the whole review without JavaScript: plain
// GETs and form posts, as a browser without scripts does. It checks the QC
// counts, a highlighted document, the toggle file, the run page reached by
// reloading, the audit result, the public zip and the private download,
// the data folder's permissions and the server log.
func TestNoJavaScriptFlow(t *testing.T) {
	a := newApp(t, Config{Workers: 2})
	a.login()
	proj := a.uploadShared()
	pid := strings.TrimPrefix(proj, "/p/")
	qcPage := a.body(proj)
	for _, want := range []string{`id="qc-total">15<`, `id="qc-flagged">5<`, `id="qc-released">10<`} {
		if !strings.Contains(qcPage, want) {
			t.Errorf("QC page lacks %s", want)
		}
	}
	if n := strings.Count(qcPage, `data-flagged="true"`); n != 5 {
		t.Errorf("%d flagged rows, want 5", n)
	}
	if !strings.Contains(text(qcPage), "contains OTHER annotations") {
		t.Error("QC page shows no reason")
	}
	// a flagged document: highlighted spans, each with its kind as text
	m := regexp.MustCompile(`<tr id="doc-(\d+)-(\d+)" class="flagged"`).FindStringSubmatch(qcPage)
	if m == nil {
		t.Fatal("no flagged row")
	}
	doc := a.body(fmt.Sprintf("%s/d/%s/%s", proj, m[1], m[2]))
	marks := regexp.MustCompile(`<mark class="pii (k-[a-z]+)" data-kind="([A-Z_:]+)">[^<]+<span class="kl"[^>]*>([A-Z_:]+)</span></mark>`).FindAllStringSubmatch(doc, -1)
	if len(marks) == 0 {
		t.Fatal("no highlighted span")
	}
	for _, mk := range marks {
		if mk[2] != mk[3] {
			t.Errorf("span labelled %s but kind %s", mk[3], mk[2])
		}
	}
	if !strings.Contains(doc, `class="legend"`) {
		t.Error("no legend")
	}
	// exclude a released document (row 0/1 is released by QC)
	if !strings.Contains(a.body(proj+"/d/0/1"), `data-include="true"`) {
		t.Fatal("document 0/1 is not released by QC's proposal")
	}
	if got := a.post(proj+"/d/0/1/toggle", map[string]string{"include": "0", "csrf": a.csrf()}, nil).StatusCode; got != http.StatusSeeOther {
		t.Fatalf("toggle: %d", got)
	}
	tog, err := qc.ReadToggle(filepath.Join(a.data, "projects", pid, "toggle.csv"))
	if err != nil {
		t.Fatalf("the toggle file is not what qc.ReadToggle reads: %v", err)
	}
	p := a.srv.project(pid)
	q := p.views[0]
	names := []string{}
	for _, d := range q.Docs {
		names = append(names, d.Name)
	}
	if err := tog.Validate(q.Project, names); err != nil {
		t.Errorf("toggle file does not validate against the project: %v", err)
	}
	for i, d := range q.Docs {
		inc, listed := tog.Decision(q.Project, d.Name)
		want := d.Part && i != 1
		if !listed || inc != want {
			t.Errorf("toggle row %d: include %t listed %t, want %t", i, inc, listed, want)
		}
	}
	if !strings.Contains(a.body(proj), `id="qc-released">9<`) {
		t.Error("QC page does not count the toggle")
	}
	// run: a form post, then plain reloads
	resp := a.post(proj+"/run", map[string]string{"csrf": a.csrf(), "mode": "fictive", "scope": "document", "seed": "7"}, nil)
	if resp.StatusCode != http.StatusSeeOther {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("run: %d %s", resp.StatusCode, text(string(b)))
	}
	runPath := resp.Header.Get("Location")
	res := a.waitRun(runPath)
	if !strings.Contains(res, `id="audit-result"`) || !strings.Contains(text(res), "Audit passed") {
		t.Errorf("no passed audit on the result page: %s", text(res))
	}
	if !strings.Contains(res, `<td>project-deid-test-data-1</td>`) {
		t.Error("the run does not name the project as the export does")
	}
	if !strings.Contains(res, `<td class="released">9</td>`) {
		t.Errorf("result page does not show 9 released")
	}
	st := a.get(runPath + "/status")
	var status runStatus
	if err := json.NewDecoder(st.Body).Decode(&status); err != nil || st.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("status JSON: %v", err)
	}
	if status.State != runComplete || status.Percent != 100 {
		// the documents with wrong annotations are 0 in the toggle: the
		// curator's decision, not a partial run (issue 29)
		t.Errorf("status %+v, want complete at 100%%", status)
	}
	zb := a.get(runPath + "/public.zip")
	if zb.StatusCode != http.StatusOK || zb.Header.Get("Content-Type") != "application/zip" {
		t.Fatalf("public zip: %d %s", zb.StatusCode, zb.Header.Get("Content-Type"))
	}
	body, _ := io.ReadAll(zb.Body)
	entries := zipNames(t, body)
	checkPublicZip(t, entries, 9, auditedOriginals(t))
	// side by side: the surrogate column differs from the original
	cmp := a.body(runPath + "/d/0/3")
	if !strings.Contains(cmp, `id="orig"`) || !strings.Contains(cmp, `id="sur"`) {
		t.Error("compare page lacks a column")
	}
	// private download: refused without confirmation, then a zip
	if got := a.post(runPath+"/private", map[string]string{"csrf": a.csrf()}, nil).StatusCode; got != http.StatusBadRequest {
		t.Errorf("private download without confirmation: %d, want 400", got)
	}
	pr := a.post(runPath+"/private", map[string]string{"csrf": a.csrf(), "confirm": "yes"}, nil)
	pb, _ := io.ReadAll(pr.Body)
	if pr.StatusCode != http.StatusOK {
		t.Fatalf("private download: %d", pr.StatusCode)
	}
	var haveMapping, haveKey bool
	for n := range zipNames(t, pb) {
		haveMapping = haveMapping || strings.HasSuffix(n, "/mapping.json")
		haveKey = haveKey || strings.HasSuffix(n, "/surrogator.key")
	}
	if !haveMapping || !haveKey {
		t.Errorf("private zip: mapping %t key %t", haveMapping, haveKey)
	}
	// the data folder is private: 0700, and everything in it 0600/0700,
	// the run's public folder included
	checkPrivateTree(t, a.data)
	// the log names method, route and status only
	log := a.log.String()
	if !strings.Contains(log, "route=\"GET /p/{pid}/d/{pi}/{di}\"") {
		t.Errorf("log lacks route patterns:\n%s", log)
	}
	for _, s := range append(sharedOriginals(t), a.srv.Token(), pid) {
		if strings.Contains(log, s) {
			t.Errorf("the server log contains %q", s)
		}
	}
}

// checkPublicZip checks a public zip: n documents named by public id, a
// manifest, no original PII string.
func checkPublicZip(t *testing.T, entries map[string][]byte, n int, originals []string) {
	t.Helper()
	docs := 0
	manifest := false
	for name, b := range entries {
		switch {
		case regexp.MustCompile(`^public-[0-9a-z-]+/[^/]+/doc-[0-9a-f]{12}\.txt$`).MatchString(name):
			docs++
			for _, o := range originals {
				if len(o) >= 6 && strings.Contains(string(b), o) {
					t.Errorf("%s contains an original %q", name, o)
				}
			}
		case strings.HasSuffix(name, "/MANIFEST.sha256"):
			manifest = true
		default:
			t.Errorf("unexpected entry %s", name)
		}
	}
	if docs != n || !manifest {
		t.Errorf("public zip: %d documents (want %d), manifest %t", docs, n, manifest)
	}
}

// TestCompareSharedBaseName: two documents whose names share a base name
// get private CAS files brief.json and brief-2.json; the side-by-side view
// shows each document's own surrogate, and no original in the surrogate.
func TestCompareSharedBaseName(t *testing.T) {
	a := newApp(t, Config{})
	a.login()
	jsonl := `{"id":"a/brief.txt","text":"Erster Brief an Herrn Albers heute.","spans":[{"begin":22,"end":28,"kind":"NAME_PATIENT"}]}` + "\n" +
		`{"id":"b/brief.txt","text":"Zweiter Brief an Frau Kowalski morgen.","spans":[{"begin":22,"end":30,"kind":"NAME_PATIENT"}]}` + "\n"
	resp := a.upload(a.csrf(), [][2]string{{"briefe.jsonl", jsonl}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("upload: %d", resp.StatusCode)
	}
	proj := resp.Header.Get("Location")
	resp = a.post(proj+"/run", map[string]string{"csrf": a.csrf(), "mode": "x"}, nil)
	if resp.StatusCode != http.StatusSeeOther {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("run: %d %s", resp.StatusCode, text(string(b)))
	}
	run := resp.Header.Get("Location")
	if res := a.waitRun(run); !strings.Contains(text(res), "Audit passed") {
		t.Fatalf("run: %s", text(res))
	}
	for i, c := range []struct{ orig, frame, other string }{
		{"Albers", "Erster Brief an Herrn ", "Zweiter"},
		{"Kowalski", "Zweiter Brief an Frau ", "Erster"},
	} {
		page := a.body(fmt.Sprintf("%s/d/0/%d", run, i))
		sur := page[strings.Index(page, `id="sur"`):]
		if !strings.Contains(sur, c.frame) || strings.Contains(sur, c.other) {
			t.Errorf("document %d: the surrogate column shows another document's surrogate: %s", i, text(sur))
		}
		if strings.Contains(sur, c.orig) || !strings.Contains(sur, "XXXXXX") {
			t.Errorf("document %d: the surrogate column is not the x-mode surrogate: %s", i, text(sur))
		}
	}
}

// TestToggleWithUnreadableFile: a file that yields no document is shown
// as not released without a toggle, and the toggle file written for the
// other documents is accepted by the run (every row names a document).
func TestToggleWithUnreadableFile(t *testing.T) {
	a := newApp(t, Config{})
	a.login()
	resp := a.upload(a.csrf(), [][2]string{
		{"briefe.jsonl", `{"id":"a.txt","text":"Brief an Herrn Albers.","spans":[{"begin":15,"end":21,"kind":"NAME_PATIENT"}]}` + "\n"},
		{"kaputt.json", `{"not a CAS`},
	})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("upload: %d", resp.StatusCode)
	}
	proj := resp.Header.Get("Location")
	page := a.body(proj)
	if !strings.Contains(page, `id="qc-total">2<`) || !strings.Contains(page, "no document read") {
		t.Fatalf("QC page: %s", text(page))
	}
	if got := a.post(proj+"/d/0/1/toggle", map[string]string{"csrf": a.csrf(), "include": "1"}, nil).StatusCode; got != http.StatusBadRequest {
		t.Errorf("toggle of a file without document: %d, want 400", got)
	}
	if got := a.post(proj+"/d/0/0/toggle", map[string]string{"csrf": a.csrf(), "include": "1"}, nil).StatusCode; got != http.StatusSeeOther {
		t.Fatalf("toggle: %d", got)
	}
	resp = a.post(proj+"/run", map[string]string{"csrf": a.csrf(), "mode": "entity"}, nil)
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("run: %d %s", resp.StatusCode, text(bodyOf(resp)))
	}
	res := a.waitRun(resp.Header.Get("Location"))
	if !strings.Contains(res, `<td class="released">1</td>`) {
		t.Errorf("run: %s", text(res))
	}
}

// TestRunSettings: the run form's choices reach the engine through the
// run's specification (runspec.Open): the chosen geodata pack is opened
// and recorded with its digest, an uploaded key is used (the run's
// document ids are those of that key), bad values are refused with the
// form shown again.
func TestRunSettings(t *testing.T) {
	packFile := filepath.Join(t.TempDir(), "test.pack")
	if _, err := osmbuild.Build(context.Background(), "../../osmbuild/testdata/fixture.osm.pbf", packFile, osmbuild.Options{}); err != nil {
		t.Fatal(err)
	}
	a := newApp(t, Config{Packs: []GeoPack{{Name: "test.pack", Path: packFile}}})
	a.login()
	resp := a.upload(a.csrf(), [][2]string{{"briefe.jsonl", `{"id":"a.txt","text":"Brief an Herrn Albers.","spans":[{"begin":15,"end":21,"kind":"NAME_PATIENT"}]}` + "\n"}})
	proj := resp.Header.Get("Location")
	form := a.body(proj + "/run")
	if !strings.Contains(form, `<option value="test.pack">`) {
		t.Fatal("the run form does not offer the pack")
	}
	// upload a key
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	mw.WriteField("csrf", a.csrf())
	w, _ := mw.CreateFormFile("key", "my.key")
	key := strings.Repeat("ab", 32)
	w.Write([]byte(key + "\n"))
	mw.Close()
	req, _ := http.NewRequest(http.MethodPost, a.ts.URL+proj+"/keys", &b)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	kr, err := a.client.Do(req)
	if err != nil || kr.StatusCode != http.StatusSeeOther {
		t.Fatalf("key upload: %v %v", kr.StatusCode, err)
	}
	kid := regexp.MustCompile(`<option value="([0-9a-f]{16})">uploaded key`).FindStringSubmatch(a.body(proj + "/run"))
	if kid == nil {
		t.Fatal("the uploaded key is not offered")
	}
	for _, c := range []struct {
		name string
		form map[string]string
	}{
		{"unknown mode", map[string]string{"mode": "rot13"}},
		{"unknown scope", map[string]string{"mode": "x", "scope": "world"}},
		{"unknown pack", map[string]string{"mode": "x", "geodata": "../../etc/passwd"}},
		{"unknown key", map[string]string{"mode": "x", "key": "0123456789abcdef"}},
		{"key path", map[string]string{"mode": "x", "key": "../keys/x"}},
		{"bad shift", map[string]string{"mode": "x", "date_shift": "soon"}},
		{"bad range", map[string]string{"mode": "x", "shift_min": "30", "shift_max": "3"}},
		{"bad seed", map[string]string{"mode": "x", "seed": "-4"}},
	} {
		c.form["csrf"] = a.csrf()
		if got := a.post(proj+"/run", c.form, nil); got.StatusCode != http.StatusBadRequest || !strings.Contains(bodyOf(got), `id="run-form"`) {
			t.Errorf("%s: %d, want 400 with the form", c.name, got.StatusCode)
		}
	}
	resp = a.post(proj+"/run", map[string]string{"csrf": a.csrf(), "mode": "gemtex", "scope": "corpus", "geodata": "test.pack",
		"key": kid[1], "date_shift": "30", "seed": "5"}, nil)
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("run: %d %s", resp.StatusCode, text(bodyOf(resp)))
	}
	res := a.waitRun(resp.Header.Get("Location"))
	recs, _ := filepath.Glob(filepath.Join(a.srv.cfg.DataDir, "projects", "*", "out", "private", "private-*", provenance.FileName))
	if len(recs) != 1 {
		t.Fatalf("provenance records %v", recs)
	}
	rec, err := provenance.Read(recs[0])
	if err != nil {
		t.Fatal(err)
	}
	if rec.Geodata == nil || rec.Geodata.Path != packFile || rec.Geodata.SHA256 == "" || rec.Options.Mode != "gemtex" || rec.Options.Scope != "corpus" ||
		!rec.Options.DateShiftSet || rec.Options.DateShift != 30 || rec.Seed != 5 {
		t.Errorf("recorded specification: geodata %+v, options %+v, seed %d", rec.Geodata, rec.Options, rec.Seed)
	}
	k, _ := hex.DecodeString(key)
	if want := engine.DocID(k, "briefe", "a.txt"); !strings.Contains(res, want) {
		t.Errorf("the run's document id is not %s (the uploaded key's): %s", want, text(res))
	}
	if !strings.Contains(text(res), "Mode gemtex , scope corpus, geodata test.pack") {
		t.Errorf("settings not shown: %s", text(res))
	}
}
