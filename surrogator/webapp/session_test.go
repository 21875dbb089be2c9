package webapp

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeClock is the sessions' clock in the tests.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// TestSessionExpiry: a session ends after SessionIdle without a request
// and SessionMax after it began, however busy.
func TestSessionExpiry(t *testing.T) {
	clk := &fakeClock{t: time.Now()}
	a := newApp(t, Config{SessionIdle: time.Hour, SessionMax: 3 * time.Hour, Now: clk.Now})
	a.login()
	for i, step := range []struct {
		wait time.Duration
		want int
	}{
		{59 * time.Minute, http.StatusOK},
		{59 * time.Minute, http.StatusOK}, // each request renews the idle time
		{61 * time.Minute, http.StatusUnauthorized},
	} {
		clk.Add(step.wait)
		if got := a.get("/").StatusCode; got != step.want {
			t.Errorf("idle step %d: %d, want %d", i, got, step.want)
		}
	}
	a.login()
	for i := 0; i < 3; i++ {
		clk.Add(50 * time.Minute)
		if got := a.get("/").StatusCode; got != http.StatusOK {
			t.Fatalf("busy session after %d×50 min: %d", i+1, got)
		}
	}
	clk.Add(31 * time.Minute) // 3 h 1 min after login
	if got := a.get("/").StatusCode; got != http.StatusUnauthorized {
		t.Errorf("a session older than SessionMax: %d, want 401", got)
	}
}

// TestSessionCap: each use of the token link starts a session, but at
// most MaxSessions live; the oldest ends first.
func TestSessionCap(t *testing.T) {
	clk := &fakeClock{t: time.Now()}
	a := newApp(t, Config{MaxSessions: 3, Now: clk.Now})
	clients := make([]*http.Client, 5)
	for i := range clients {
		clients[i] = newClient()
		a.client = clients[i]
		a.login()
		clk.Add(time.Second)
	}
	for i, c := range clients {
		a.client = c
		want := http.StatusOK
		if i < 2 {
			want = http.StatusUnauthorized
		}
		if got := a.get("/").StatusCode; got != want {
			t.Errorf("client %d: %d, want %d", i, got, want)
		}
	}
	for range 100 {
		a.client = newClient()
		a.login()
	}
	a.srv.mu.Lock()
	n := len(a.srv.sessions)
	a.srv.mu.Unlock()
	if n != 3 {
		t.Errorf("%d live sessions after 105 logins, want 3", n)
	}
}

// TestLogout: a POST with the token ends the session and clears its
// cookie; the old cookie is no session any more.
func TestLogout(t *testing.T) {
	for _, password := range []string{"", "correct horse battery"} {
		a := newApp(t, Config{Password: password})
		a.login()
		u, _ := url.Parse(a.ts.URL)
		old := a.client.Jar.Cookies(u)
		if !strings.Contains(a.body("/"), `id="logout"`) {
			t.Error("no sign-out button on the home page")
		}
		resp := a.post("/logout", map[string]string{"csrf": a.csrf()}, nil)
		want := http.StatusOK
		if password != "" {
			want = http.StatusSeeOther
		}
		if resp.StatusCode != want {
			t.Fatalf("logout (password %t): %d, want %d", password != "", resp.StatusCode, want)
		}
		if sc := resp.Header.Get("Set-Cookie"); !strings.Contains(sc, sessionCookie+"=;") || !strings.Contains(sc, "Max-Age=0") {
			t.Errorf("logout does not clear the cookie: %q", sc)
		}
		req, _ := http.NewRequest(http.MethodGet, a.ts.URL+"/", nil)
		for _, c := range old {
			req.AddCookie(c)
		}
		r2, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		r2.Body.Close()
		if r2.StatusCode != http.StatusUnauthorized && r2.Request.URL.Path != "/login" {
			t.Errorf("the old cookie after logout: %d %s", r2.StatusCode, r2.Request.URL.Path)
		}
		a.srv.mu.Lock()
		if n := len(a.srv.sessions); n != 0 {
			t.Errorf("%d sessions after logout", n)
		}
		a.srv.mu.Unlock()
	}
}

// slowRequest sends a request's head and then feeds its body as feed
// says, over a raw connection; it returns how long the server took to
// answer (or drop the connection) and the status, 0 when none was read.
func slowRequest(t *testing.T, a *testApp, head string, feed func(w io.Writer) error) (time.Duration, int) {
	t.Helper()
	conn, err := net.Dial("tcp", a.ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	start := time.Now()
	if _, err := io.WriteString(conn, head); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		w := stopWriter{conn, stop}
		feed(w)
	}()
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	took := time.Since(start)
	if err != nil {
		return took, 0
	}
	resp.Body.Close()
	return took, resp.StatusCode
}

type stopWriter struct {
	w    io.Writer
	stop chan struct{}
}

func (s stopWriter) Write(b []byte) (int, error) {
	select {
	case <-s.stop:
		return 0, io.ErrClosedPipe
	default:
	}
	return s.w.Write(b)
}

// trickle writes b one byte every gap.
func trickle(b []byte, gap time.Duration) func(io.Writer) error {
	return func(w io.Writer) error {
		for i := range b {
			if _, err := w.Write(b[i : i+1]); err != nil {
				return err
			}
			time.Sleep(gap)
		}
		return nil
	}
}

// TestSlowBody: an upload that trickles (one byte every 50 ms) or stalls
// is cut off after about one rate window (here 300 ms at 64 KiB/s): 408,
// and the partial project is removed. A fast upload passes under the same
// limits. Bounded in time: each case must end within 3 s.
func TestSlowBody(t *testing.T) {
	a := newApp(t, Config{MinRate: 64 << 10, RateWindow: 300 * time.Millisecond})
	a.login()
	token := a.csrf()
	u, _ := url.Parse(a.ts.URL)
	var cookie string
	for _, c := range a.client.Jar.Cookies(u) {
		cookie += c.Name + "=" + c.Value + "; "
	}
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	mw.WriteField("csrf", token)
	w, _ := mw.CreateFormFile("files", "letters.jsonl")
	for i := range 400 { // distinct names: copies of a name are refused
		fmt.Fprintf(w, `{"id":"brief-%d","text":"Herr Muster kam.","spans":[]}`+"\n", i)
	}
	mw.Close()
	b := buf.Bytes()
	head := fmt.Sprintf("POST /upload HTTP/1.1\r\nHost: %s\r\nCookie: %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n",
		u.Host, cookie, mw.FormDataContentType(), len(b))
	split := bytes.Index(b, []byte("Herr")) // the token and the file's head arrive at once
	for _, c := range []struct {
		name string
		feed func(io.Writer) error
	}{
		{"trickle from the start (the gate reads)", trickle(b, 50*time.Millisecond)},
		{"trickle after the token (the upload reads)", func(w io.Writer) error {
			if _, err := w.Write(b[:split]); err != nil {
				return err
			}
			return trickle(b[split:], 50*time.Millisecond)(w)
		}},
		{"stall after the head", func(io.Writer) error { return nil }},
		{"stall after the token", func(w io.Writer) error { _, err := w.Write(b[:split]); return err }},
	} {
		t.Run(c.name, func(t *testing.T) {
			took, status := slowRequest(t, a, head, c.feed)
			if took > 3*time.Second {
				t.Errorf("the server held a slow request for %v", took)
			}
			if status != http.StatusRequestTimeout {
				t.Errorf("status %d, want 408", status)
			}
		})
	}
	if ents, _ := os.ReadDir(filepath.Join(a.data, "projects")); len(ents) != 0 {
		t.Errorf("slow uploads left %d project folders", len(ents))
	}
	took, status := slowRequest(t, a, head, func(w io.Writer) error { _, err := w.Write(b); return err })
	if status != http.StatusSeeOther {
		t.Errorf("a fast upload under the same limits: %d after %v", status, took)
	}
}

// TestDataFolderPrivate: after a run everything under the data folder is
// 0700 (folders) or 0600 (files), the run's public folder included; New
// tightens what an older version left open.
func TestDataFolderPrivate(t *testing.T) {
	a := newApp(t, Config{})
	a.login()
	resp := a.upload(a.csrf(), [][2]string{{"letters.jsonl", `{"id":"a","text":"Herr Muster kam am 3. März.","spans":[{"begin":5,"end":11,"kind":"NAME_PATIENT"}]}` + "\n"}})
	pid := strings.TrimPrefix(resp.Header.Get("Location"), "/p/")
	resp = a.post("/p/"+pid+"/run", map[string]string{"csrf": a.csrf(), "mode": "x", "scope": "document"}, nil)
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("run: %d", resp.StatusCode)
	}
	res := a.waitRun(resp.Header.Get("Location"))
	if !strings.Contains(res, `data-state="complete"`) && !strings.Contains(res, `data-state="partial"`) {
		t.Fatalf("run did not complete: %s", text(res))
	}
	checkPrivateTree(t, a.data)
	if _, err := os.Stat(filepath.Join(a.data, "projects", pid, "out", "public")); err != nil {
		t.Fatalf("no public folder: %v", err)
	}
	// an older data folder with open modes is tightened at start
	old := t.TempDir()
	os.MkdirAll(filepath.Join(old, "projects", "0123456789abcdef", "out", "public"), 0o755)
	os.WriteFile(filepath.Join(old, "projects", "0123456789abcdef", "out", "public", "a.json"), []byte("{}"), 0o644)
	os.Chmod(old, 0o755)
	srv, err := New(Config{DataDir: old})
	if err != nil {
		t.Fatal(err)
	}
	srv.Close()
	checkPrivateTree(t, old)
}

func checkPrivateTree(t *testing.T, root string) {
	t.Helper()
	n := 0
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			t.Error(err)
			return err
		}
		fi, _ := d.Info()
		want := fs.FileMode(0o600)
		if d.IsDir() {
			want = 0o700
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", p, fi.Mode().Perm(), want)
		}
		n++
		return nil
	})
	if n < 3 {
		t.Errorf("only %d entries under %s", n, root)
	}
}

// TestUploadUnreadablePartName: a file part whose name no parser can read
// is reported: on the project page when other files were loaded, as the
// error (and no project) when none was.
func TestUploadUnreadablePartName(t *testing.T) {
	a := newApp(t, Config{})
	a.login()
	jsonl := `{"id":"a","text":"Herr Muster kam.","spans":[]}` + "\n"
	post := func(good bool) *http.Response {
		const boundary = "b0undary"
		var b strings.Builder
		b.WriteString("--" + boundary + "\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n" + a.csrf() + "\r\n")
		if good {
			b.WriteString("--" + boundary + "\r\nContent-Disposition: form-data; name=\"files\"; filename=\"good.jsonl\"\r\n\r\n" + jsonl + "\r\n")
		}
		b.WriteString("--" + boundary + "\r\nContent-Disposition: form-data; name=\"files\"; filename=\"bad\"name\".jsonl\"\r\n\r\n" + jsonl + "\r\n")
		b.WriteString("--" + boundary + "--\r\n")
		req, _ := http.NewRequest(http.MethodPost, a.ts.URL+"/upload", strings.NewReader(b.String()))
		req.Header.Set("Content-Type", "multipart/form-data; boundary="+boundary)
		resp, err := a.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	resp := post(false)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), "file name could not be read") {
		t.Errorf("only an unreadable part: %d %s", resp.StatusCode, text(string(body)))
	}
	if ents, _ := os.ReadDir(filepath.Join(a.data, "projects")); len(ents) != 0 {
		t.Errorf("an upload with nothing readable created %d projects", len(ents))
	}
	resp = post(true)
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("upload with one readable file: %d", resp.StatusCode)
	}
	page := a.body(resp.Header.Get("Location"))
	if !strings.Contains(page, `id="upload-skipped"`) || !strings.Contains(text(page), "One uploaded file was skipped") {
		t.Errorf("the project page does not report the skipped file: %s", text(page))
	}
}
