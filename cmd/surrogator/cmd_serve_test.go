package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestServeHelp(t *testing.T) {
	code, out, _ := run(t, "serve", "--help")
	if code != exitOK {
		t.Fatalf("serve --help: exit %d", code)
	}
	for _, want := range []string{"--addr", "127.0.0.1:8080", "--data", "--password", envServePassword, "--token", envServeToken,
		"--max-upload", "--geodata", "--workers", "CSRF", "Content-Security-Policy", "non-loopback", "0700", "confirmation",
		"INCEpTION", "route pattern", "--allow-host", "421", "Origin", "KiB/s", "Sign out"} {
		if !strings.Contains(out, want) {
			t.Errorf("serve --help does not mention %q", want)
		}
	}
}

// TestServeRefusesExposedAddress: a non-loopback address without a
// password or token is a usage error, before anything listens.
func TestServeRefusesExposedAddress(t *testing.T) {
	t.Setenv(envServePassword, "")
	t.Setenv(envServeToken, "")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--addr", "0.0.0.0:0"}, "non-loopback"},
		{[]string{"--addr", ":0"}, "non-loopback"},
		{[]string{"--addr", "[::]:0"}, "non-loopback"},
		{[]string{"--addr", "192.0.2.1:0"}, "non-loopback"},
		{[]string{"--addr", "127.0.0.1:0", "--token", "short"}, "at least 16"},
		{[]string{"--addr", "127.0.0.1:0", "extra-argument"}, "accepts 0 arg"},
	} {
		dir := filepath.Join(t.TempDir(), "data")
		code, _, stderr := run(t, append([]string{"serve", "--data", dir}, c.args...)...)
		if code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("serve %v: exit %d, stderr %q; want exit 2 naming %q", c.args, code, stderr, c.want)
		}
		if _, err := os.Stat(dir); err == nil {
			t.Errorf("serve %v created the data folder before refusing", c.args)
		}
	}
}

// TestServeStartsAndStops: the printed URL carries the token, which the
// browser trades for a session; the data folder is 0700; cancelling the
// context (Ctrl-C) stops the server with exit 0.
func TestServeStartsAndStops(t *testing.T) {
	const token = "fixed-token-for-the-test-0123456789"
	t.Setenv(envServeToken, token)
	dir := filepath.Join(t.TempDir(), "data")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	var errb bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- execute(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--data", dir}, pw, &errb)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("no URL printed: %v (stderr %s)", err, errb.String())
	}
	go io.Copy(io.Discard, pr)
	m := regexp.MustCompile(`http://127\.0\.0\.1:\d+/\?token=(\S+)`).FindStringSubmatch(line)
	if m == nil || m[1] != token {
		t.Fatalf("printed %q, want the URL with the token", line)
	}
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	base := strings.SplitN(m[0], "/?", 2)[0]
	if resp, err := http.Get(base + "/"); err != nil || resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("without the token: %v %v", resp.StatusCode, err)
	}
	resp, err := c.Get(m[0])
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "Load a project") {
		t.Errorf("with the token: %d", resp.StatusCode)
	}
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("data folder: %v %v", fi.Mode().Perm(), err)
	}
	cancel()
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("stopped serve: exit %d, stderr %s", code, errb.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
	if strings.Contains(errb.String(), token) {
		t.Error("the log holds the token")
	}
}

// TestServeAllowHost: the server answers 421 to a host name it does not
// know (DNS rebinding) and serves one given with --allow-host.
func TestServeAllowHost(t *testing.T) {
	t.Setenv(envServeToken, "")
	dir := filepath.Join(t.TempDir(), "data")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	var errb bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- execute(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--data", dir, "--allow-host", "proxy.example"}, pw, &errb)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("no URL printed: %v (stderr %s)", err, errb.String())
	}
	go io.Copy(io.Discard, pr)
	m := regexp.MustCompile(`http://127\.0\.0\.1:\d+`).FindString(line)
	for _, c := range []struct {
		host string
		want int
	}{{"evil.example", http.StatusMisdirectedRequest}, {"proxy.example", http.StatusUnauthorized}, {"", http.StatusUnauthorized}} {
		req, _ := http.NewRequest(http.MethodGet, m+"/", nil)
		if c.host != "" {
			req.Host = c.host
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.want {
			t.Errorf("Host %q: %d, want %d", c.host, resp.StatusCode, c.want)
		}
	}
	cancel()
	if code := <-done; code != exitOK {
		t.Errorf("exit %d", code)
	}
}
