package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestAnnotateCommand: annotate writes the sample letters back as BRAT
// with predictions, privately, and prints counts only.
func TestAnnotateCommand(t *testing.T) {
	out := filepath.Join(t.TempDir(), "pre")
	code, stdout, stderr := run(t, "annotate", samples(t), "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "3 documents") {
		t.Fatalf("stdout: %q", stdout)
	}
	err := filepath.Walk(out, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		want := os.FileMode(0o600)
		if fi.IsDir() {
			want = 0o700
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s: %v, want %v", p, fi.Mode().Perm(), want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	anns, _ := filepath.Glob(filepath.Join(out, "*", "*.ann"))
	if len(anns) != 3 {
		t.Fatalf("%d .ann files", len(anns))
	}
	// the output holds the originals, so nothing of them may be printed
	for _, w := range []string{"Schneider", "Heidenau", "Nguyen"} {
		if strings.Contains(stdout+stderr, w) {
			t.Errorf("output mentions %q", w)
		}
	}
	// a second run into the same folder is refused
	if code, _, _ := run(t, "annotate", samples(t), "--out", out); code != exitUsage {
		t.Errorf("non-empty --out: exit %d, want %d", code, exitUsage)
	}
}

// TestRecommendNeedsSecretOffLoopback: a non-loopback address without a
// secret is a usage error; a short secret too.
func TestRecommendNeedsSecretOffLoopback(t *testing.T) {
	t.Setenv(envRecommendSecret, "")
	if code, _, stderr := run(t, "recommend", "--listen", "0.0.0.0:0"); code != exitUsage {
		t.Fatalf("exit %d (%s), want usage", code, stderr)
	}
	t.Setenv(envRecommendSecret, "short")
	if code, _, _ := run(t, "recommend", "--listen", "127.0.0.1:0"); code != exitUsage {
		t.Fatalf("short secret: exit %d, want usage", code)
	}
}

// TestRecommendServes starts the command on a free loopback port, trains
// and stops it with the context.
func TestRecommendServes(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	var out, errb bytes.Buffer
	go func() { done <- execute(ctx, []string{"recommend", "--listen", addr}, &out, &errb) }()
	var resp *http.Response
	for i := 0; i < 100; i++ {
		resp, err = http.Post("http://"+addr+"/phi/train", "application/json", strings.NewReader(`{}`))
		if err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Fatalf("train: %d", resp.StatusCode)
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("recommend did not stop")
	}
	if !strings.Contains(errb.String(), "train 204") {
		t.Errorf("no request line: %q", errb.String())
	}
}
