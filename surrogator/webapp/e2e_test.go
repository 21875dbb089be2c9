package webapp

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/qc"
)

// The end-to-end test drives a real headless Chromium over the DevTools
// protocol (chromedp, from Go: it runs under `go test` with the server
// in-process and shares the HTTP tests' helpers; no Node toolchain).
//
// Environment:
//
//	SURROGATOR_CHROME         the browser binary (default: chromium,
//	                          chromium-browser, google-chrome, headless-shell on PATH)
//	SURROGATOR_E2E_ARTIFACTS  folder for the screenshots (default: a new
//	                          temporary folder, named in the test log)

// findBrowser returns the browser binary or "".
func findBrowser() string {
	if p := os.Getenv("SURROGATOR_CHROME"); p != "" {
		return p
	}
	for _, n := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return ""
}

func artifactsDir(t *testing.T) string {
	dir := os.Getenv("SURROGATOR_E2E_ARTIFACTS")
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "surrogator-e2e-"); err != nil {
			t.Fatal(err)
		}
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshots in %s", dir)
	return dir
}

// TestBrowserEndToEnd: upload the shared INCEpTION export, see 15
// documents with 5 flagged, flip one release toggle, open a highlighted
// document, run fictive mode, download the public zip and check it; with
// screenshots of the QC page, the document and the run result. Any
// script error or CSP violation in the browser fails the test.
func TestBrowserEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	zipPath := testutil.Shared(t, exportZip)
	bin := findBrowser()
	if bin == "" {
		t.Skip("no Chromium found (install the Debian package chromium, or set SURROGATOR_CHROME)")
	}
	art := artifactsDir(t)
	downloads := t.TempDir()
	a := newApp(t, Config{Workers: 2})
	u, _ := url.Parse(a.ts.URL)

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(bin),
		chromedp.NoSandbox, // containers run as root
		chromedp.DisableGPU,
		chromedp.WindowSize(1280, 900),
		chromedp.Flag("lang", "en-US"),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelA()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	// the first Run starts the browser and must not carry a timeout
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	ctx, cancelT := context.WithTimeout(ctx, 3*time.Minute)
	defer cancelT()

	var mu sync.Mutex
	var problems []string
	if err := chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *runtime.EventExceptionThrown:
			problems = append(problems, "script exception: "+e.ExceptionDetails.Text)
		case *cdplog.EventEntryAdded:
			if e.Entry.Level == cdplog.EntryLevelError || strings.Contains(e.Entry.Text, "Content Security Policy") {
				problems = append(problems, "console: "+e.Entry.Text+" "+e.Entry.URL)
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	progress := chromedp.Events(ctx, browser.DownloadProgress)
	save := func(name string, b []byte) error { return os.WriteFile(filepath.Join(art, name), b, 0o644) }
	shot := func(name string) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			b, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			if err != nil {
				return err
			}
			return save(name, b)
		})
	}
	elemShot := func(sel, name string) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			b, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(sel)))
			if err != nil {
				return err
			}
			return save(name, b)
		})
	}
	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatalf("text of %s: %v", sel, err)
		}
		return strings.TrimSpace(s)
	}
	count := func(sel string) int {
		t.Helper()
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf("document.querySelectorAll(%q).length", sel)))
		if err != nil {
			t.Fatalf("count %s: %v", sel, err)
		}
		return n
	}
	do := func(steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatalf("browser: %v", err)
		}
	}

	// upload the export; the QC page shows 15 documents, 5 flagged
	do(cdpCall(cdplog.Enable),
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
				Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: downloads, EventsEnabled: ptr(true)})
			return err
		}),
		chromedp.Navigate(a.srv.URL(u.Host)),
		chromedp.WaitVisible(chromedp.CSS("#upload-files")),
		shot("home.png"),
		chromedp.SetUploadFiles(chromedp.CSS("#upload-files"), []string{zipPath}),
		chromedp.Click(chromedp.CSS("#upload-submit")),
		chromedp.WaitVisible(chromedp.CSS("#qc-summary")),
		shot("qc.png"),
		elemShot("#overview", "qc-overview.png"),
	)
	if total, flagged, released, rows := text("#qc-total"), text("#qc-flagged"), text("#qc-released"), count(`tr[data-flagged="true"]`); total != "15" || flagged != "5" || rows != 5 || released != "10" {
		t.Errorf("QC page: %s documents, %s flagged (%d rows), %s released; want 15, 5, 10", total, flagged, rows, released)
	}
	pageURL, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	pid := strings.TrimPrefix(strings.TrimPrefix(pageURL, a.ts.URL), "/p/")

	// flip one toggle in the table (JavaScript posts it in place)
	do(chromedp.Click(chromedp.CSS(`#doc-0-1 form.toggle button`)),
		chromedp.WaitVisible(chromedp.CSS(`#doc-0-1 .state[data-include="false"]`)))
	if r := text("#qc-released"); r != "9" {
		t.Errorf("after the toggle %s released, want 9", r)
	}
	tog, err := qc.ReadToggle(filepath.Join(a.data, "projects", pid, "toggle.csv"))
	if err != nil {
		t.Fatalf("toggle file: %v", err)
	}
	q := a.srv.project(pid).views[0]
	if inc, listed := tog.Decision(q.Project, q.Docs[1].Name); inc || !listed {
		t.Errorf("toggle file: document 1 include %t listed %t, want excluded", inc, listed)
	}

	// open a flagged document: spans highlighted with their kind as text
	do(chromedp.Click(chromedp.CSS(`tr.flagged a.doc-link`)),
		chromedp.WaitVisible(chromedp.CSS("#doctext")),
		shot("document.png"))
	if n := count("#doctext mark.pii .kl"); n == 0 {
		t.Error("no highlighted span with a kind label")
	}
	if n := count("ul.legend li"); n == 0 {
		t.Error("no legend")
	}

	// run fictive mode; the page polls and reloads itself until the end
	do(chromedp.Navigate(a.ts.URL+"/p/"+pid+"/run"),
		chromedp.Click(chromedp.CSS(`input[name="mode"][value="fictive"]`)),
		shot("run-form.png"),
		chromedp.Click(chromedp.CSS("#run-submit")),
		chromedp.WaitVisible(chromedp.CSS("#audit-result")),
		shot("run.png"))
	if audit := text("#audit-result"); !strings.Contains(audit, "Audit passed") {
		t.Errorf("audit: %q", audit)
	}
	runURL, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	// the status in words: partial because of the two documents with
	// wrong annotations, not because of the curator's decisions
	if w := text("#run-explained"); !strings.Contains(w, "Partial: 9 documents were released.") || !strings.Contains(w, "2 wrong annotations") {
		t.Errorf("run status explained: %q", w)
	}
	do(elemShot("#progress", "run-status.png"))

	// download the public zip
	do(chromedp.Click(chromedp.CSS("#public-zip")))
	var guid string
	for ev, err := range progress {
		if err != nil {
			t.Fatalf("download: %v", err)
		}
		if ev.State == browser.DownloadProgressStateCompleted {
			guid = ev.GUID
			break
		}
		if ev.State == browser.DownloadProgressStateCanceled {
			t.Fatal("download canceled")
		}
	}
	b, err := os.ReadFile(filepath.Join(downloads, guid))
	if err != nil {
		t.Fatal(err)
	}
	checkPublicZip(t, zipNames(t, b), 9, auditedOriginals(t))

	// side by side; the surrogate column alone is the README's picture (a
	// fictive surrogate shows no original)
	do(chromedp.Click(chromedp.CSS(`#run-docs tr.released a`)),
		chromedp.WaitVisible(chromedp.CSS("#sur")),
		elemShot("#sur", "surrogate.png"),
		shot("compare.png"))
	if n := count("#sur mark.pii"); n == 0 {
		t.Error("no replaced span highlighted in the surrogate")
	}

	// the QC page: the two documents with wrong annotations cannot be
	// included (the button is disabled, the reason shown), the count is
	// explained in words, labels are words
	do(chromedp.Navigate(a.ts.URL+"/p/"+pid), chromedp.WaitVisible(chromedp.CSS("#qc-explained")))
	if n := count(".toggle.never button[disabled]"); n != 2 {
		t.Errorf("%d disabled Include buttons, want 2", n)
	}
	if w := text("#qc-explained"); !strings.Contains(w, "A run releases 9 of the 15 documents.") || !strings.Contains(w, "2 can never be released") {
		t.Errorf("release count explained: %q", w)
	}
	if body := text("main"); strings.Contains(body, "WRONG:") || strings.Contains(body, "kept_place") {
		t.Error("the QC page shows codes instead of words")
	}
	do(elemShot("#overview", "qc-explained.png"), elemShot(`tr:has(.never-reason)`, "qc-never.png"))

	// German for a German browser: the page, the words and what the
	// script writes after a toggle
	setLang := func(lang string) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: network.Headers{"Accept-Language": lang}})
			return err
		})
	}
	do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, network.Enable, network.EnableParams{})
		return err
	}), setLang("de-DE,de;q=0.9"),
		chromedp.Navigate(a.ts.URL+"/p/"+pid), chromedp.WaitVisible(chromedp.CSS("#qc-explained")))
	if w := text("#qc-explained"); !strings.Contains(w, "Ein Lauf gibt 9 der 15 Dokumente frei.") || !strings.Contains(w, "2 können nie freigegeben werden") {
		t.Errorf("German explanation: %q", w)
	}
	if h := text("h1"); h != "Qualitätskontrolle" {
		t.Errorf("German title: %q", h)
	}
	row, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('form.toggle .state[data-include="true"]').closest("tr").id`))
	if err != nil {
		t.Fatal(err)
	}
	do(chromedp.Click(chromedp.CSS("#"+row+" form.toggle button")),
		chromedp.WaitVisible(chromedp.CSS("#"+row+` .state[data-include="false"]`)),
		shot("qc-de.png"), elemShot("#overview", "qc-overview-de.png"))
	if w := text("#qc-explained"); !strings.Contains(w, "Ein Lauf gibt 8 der 15 Dokumente frei.") {
		t.Errorf("German explanation after a toggle: %q", w)
	}
	if st, btn := text("#"+row+" .state"), text("#"+row+" form.toggle button"); st != "nicht freigegeben" || btn != "Aufnehmen" {
		t.Errorf("after a toggle in German: %q %q", st, btn)
	}
	do(chromedp.Navigate(runURL), chromedp.WaitVisible(chromedp.CSS("#run-explained")), shot("run-de.png"))
	if w := text("#run-explained"); !strings.HasPrefix(w, "Teilweise: 9 Dokumente wurden freigegeben.") {
		t.Errorf("German run status: %q", w)
	}
	do(setLang("en-US,en;q=0.9"))

	// the private download (behind the confirmation) holds the surrogate
	// CAS files and the QC reports; every zip entry is dated
	privateDL := chromedp.Events(ctx, browser.DownloadProgress)
	do(chromedp.Navigate(runURL+"/private"),
		chromedp.WaitVisible(chromedp.CSS("#private-submit")),
		shot("private.png"),
		chromedp.Click(chromedp.CSS(`input[name="confirm"]`)),
		chromedp.Click(chromedp.CSS("#private-submit")))
	guid = ""
	for ev, err := range privateDL {
		if err != nil {
			t.Fatalf("private download: %v", err)
		}
		if ev.State == browser.DownloadProgressStateCompleted {
			guid = ev.GUID
			break
		}
		if ev.State == browser.DownloadProgressStateCanceled {
			t.Fatal("private download canceled")
		}
	}
	pb, err := os.ReadFile(filepath.Join(downloads, guid))
	if err != nil {
		t.Fatal(err)
	}
	var casFiles, qcFiles int
	for n := range zipNames(t, pb) {
		if strings.Contains(n, "/cas/") {
			casFiles++
		}
		if strings.Contains(n, "/quality_control/") {
			qcFiles++
		}
	}
	if casFiles != 9 || qcFiles == 0 {
		t.Errorf("private zip: %d CAS files (want 9), %d QC files", casFiles, qcFiles)
	}
	for name, zb := range map[string][]byte{"public": b, "private": pb} {
		zr, err := zip.NewReader(bytes.NewReader(zb), int64(len(zb)))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range zr.File {
			if f.ModifiedDate == 0 || f.Modified.Year() < 2020 {
				t.Errorf("%s zip: %s dated %v", name, f.Name, f.Modified)
				break
			}
		}
	}

	// delete the run, then the project, each after a confirmation
	do(chromedp.Navigate(runURL), chromedp.Click(chromedp.CSS("#delete-run")),
		chromedp.WaitVisible(chromedp.CSS("#delete-submit")),
		chromedp.Click(chromedp.CSS(`input[name="confirm"]`)),
		shot("delete-run.png"),
		chromedp.Click(chromedp.CSS("#delete-submit")),
		chromedp.WaitVisible(chromedp.CSS("#run-form")))
	if m, _ := filepath.Glob(filepath.Join(a.data, "projects", pid, "out", "p*", "p*-*")); len(m) != 0 {
		t.Errorf("after deleting the run: %v", m)
	}
	do(chromedp.Navigate(a.ts.URL+"/p/"+pid), chromedp.Click(chromedp.CSS("#delete-project")),
		chromedp.WaitVisible(chromedp.CSS("#delete-submit")),
		chromedp.Click(chromedp.CSS(`input[name="confirm"]`)),
		chromedp.Click(chromedp.CSS("#delete-submit")),
		chromedp.WaitVisible(chromedp.CSS("#upload-files")),
		shot("deleted.png"))
	if _, err := os.Stat(filepath.Join(a.data, "projects", pid)); err == nil {
		t.Error("the deleted project's folder is still there")
	}

	// an upload without a readable document: an error, no project
	bad := filepath.Join(t.TempDir(), "kaputt.json")
	os.WriteFile(bad, []byte(`{"not a CAS`), 0o600)
	do(chromedp.SetUploadFiles(chromedp.CSS("#upload-files"), []string{bad}),
		chromedp.Click(chromedp.CSS("#upload-submit")),
		chromedp.WaitVisible(chromedp.CSS("#error-message")),
		shot("upload-unreadable.png"))
	mu.Lock() // the browser logs the expected 400 of the refused upload
	problems = slices.DeleteFunc(problems, func(p string) bool {
		return strings.Contains(p, "status of 400") && strings.HasSuffix(p, "/upload")
	})
	mu.Unlock()
	if msg := text("#error-message"); !strings.Contains(msg, "no project was created") {
		t.Errorf("unreadable upload: %q", msg)
	}
	if ents, _ := os.ReadDir(filepath.Join(a.data, "projects")); len(ents) != 0 {
		t.Errorf("%d projects after the unreadable upload", len(ents))
	}
	do(chromedp.Navigate(a.ts.URL + "/"))

	// sign out (a form post with the token): the session ends
	do(chromedp.Click(chromedp.CSS("#logout")),
		chromedp.WaitVisible(chromedp.CSS("#error-message")),
		shot("signed-out.png"))
	if msg := text("#error-message"); !strings.Contains(msg, "signed out") {
		t.Errorf("after sign-out: %q", msg)
	}
	mu.Lock()
	seen := append([]string(nil), problems...)
	mu.Unlock()
	// (the browser logs the expected 401 of this page)
	do(chromedp.Navigate(a.ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#error-message")))
	if msg := text("#error-message"); !strings.Contains(msg, "No session") {
		t.Errorf("after sign-out the home page says %q", msg)
	}
	for _, p := range seen {
		t.Errorf("browser: %s", p)
	}
}

func ptr[T any](v T) *T { return &v }

// cdpCall runs a parameterless protocol command.
func cdpCall(cmd cdp.Command[cdp.Empty, cdp.Empty]) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, cmd, cdp.Empty{})
		return err
	})
}
