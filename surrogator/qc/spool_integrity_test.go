//go:build unix

package qc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"syscall"
	"testing"
)

// TestReviewSpoolRoundTripExact: a report read back from the spool is the
// report that was put, for every string a Doc can hold. Document and
// Source come from file names, which on Linux are bytes (a folder copied
// from a Latin-1 share holds "M\xfcller.txt"); the JSON encoding of the
// spool turns invalid UTF-8 into U+FFFD, so the spooled QC files
// (corpus_documents.csv, corpus_details.csv, quality_control.json) are no
// longer the bytes the in-memory report gives.
func TestReviewSpoolRoundTripExact(t *testing.T) {
	sp, err := NewSpool(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer sp.Close()
	for _, d := range []*Doc{
		{Document: "M\xfcller.txt", Source: "dir/M\xfcller.txt", Counts: map[string]int{}, Distinct: map[string][]string{}, Flags: []Flag{}, Suspects: []Suspect{}},
		{Document: "ok.txt", Counts: map[string]int{"AGE": 1}, Distinct: map[string][]string{"AGE": {"90"}}, Flags: []Flag{{Kind: FlagAge, Span: 0, Text: "90"}}, Suspects: []Suspect{}, Reasons: []string{}},
	} {
		r, err := sp.Put(d)
		if err != nil {
			t.Fatal(err)
		}
		got, err := sp.Get(r)
		if err != nil {
			t.Fatal(err)
		}
		if got.Document != d.Document || got.Source != d.Source {
			t.Errorf("document %q source %q read back as %q %q", d.Document, d.Source, got.Document, got.Source)
		}
		// what the QC files show must not change (nil and empty slices
		// print alike in CSV; quality_control.json distinguishes them)
		a, _ := json.Marshal(d)
		b, _ := json.Marshal(got)
		if !bytes.Equal(a, b) && !reflect.DeepEqual(d, got) {
			t.Errorf("report changed in the spool:\n%s\n%s", a, b)
		}
	}
}

// TestReviewSpoolNonceNotReusedAfterFailedWrite: GCM must never seal two
// plaintexts under one nonce. The nonce is the record's offset, and a Put
// whose write fails (ENOSPC, EFBIG, EIO) leaves s.size where it was, so
// the next Put seals another report under the same nonce at the same
// place. When the failed write was partial, its ciphertext reached the
// disk; the XOR of the two ciphertexts is the XOR of two reports
// (originals) for anyone who sees the file twice (backup, snapshot, a
// copy-on-write file system, SSD remapping), and GCM's authentication key
// leaks. The write failure is made real with RLIMIT_FSIZE.
func TestReviewSpoolNonceNotReusedAfterFailedWrite(t *testing.T) {
	sp, err := NewSpool(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer sp.Close()
	a := &Doc{Document: "a.txt", Distinct: map[string][]string{"NAME_PATIENT": {"Erika Mustermann-Beispiel", "Hans Beispiel"}}}
	b := &Doc{Document: "b.txt", Distinct: map[string][]string{"NAME_PATIENT": {"Otto Normalverbraucher-X", "Max Probe"}}}
	pa := appendDoc(nil, a) // the plaintext as the spool seals it
	pb := appendDoc(nil, b)
	const limit = 64 // the first report is cut after 64 bytes

	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Skip(err)
	}
	lim := old
	lim.Cur = limit
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Skip(err)
	}
	_, errA := sp.Put(a)
	syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old)
	if errA == nil {
		t.Skip("the write did not fail: RLIMIT_FSIZE not honoured here")
	}
	ca := make([]byte, limit)
	if n, _ := sp.f.ReadAt(ca, 0); n != limit {
		t.Skipf("partial write not on disk (%d bytes)", n)
	}
	rb, err := sp.Put(b)
	if err != nil {
		return // the spool is broken for good after a failed write: no reuse
	}
	cb := make([]byte, limit)
	sp.f.ReadAt(cb, rb.off)
	x := 0
	for i := 0; i < limit; i++ {
		if ca[i]^cb[i] == pa[i]^pb[i] {
			x++
		}
	}
	if rb.off == 0 || x == limit {
		t.Fatalf("report b sealed under the nonce of the failed report a (offset %d): c_a XOR c_b = p_a XOR p_b on %d of %d bytes", rb.off, x, limit)
	}
}

// TestReviewSpoolFailedPutRefused: after a failed write the spool is
// broken for good (a sticky error), so that nothing later is sealed at
// an offset already used.
func TestReviewSpoolFailedPutRefused(t *testing.T) {
	sp, err := NewSpool(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer sp.Close()
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Skip(err)
	}
	lim := old
	lim.Cur = 8
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Skip(err)
	}
	_, errA := sp.Put(&Doc{Document: "a-long-enough-document-name.txt"})
	syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old)
	if errA == nil {
		t.Skip("the write did not fail")
	}
	if !errors.Is(errA, syscall.EFBIG) {
		t.Logf("error: %v", errA)
	}
	if r, err := sp.Put(&Doc{Document: "b.txt"}); err == nil && r.off < 8 {
		t.Fatalf("a Put after a failed write succeeded at offset %d, inside the failed record", r.off)
	}
}

// TestReviewSpoolConcurrent: Put and Get from many goroutines (the
// engine's workers) give every report its own record, read back intact
// (run with -race).
func TestReviewSpoolConcurrent(t *testing.T) {
	sp, err := NewSpool(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer sp.Close()
	const workers, each = 8, 200
	type put struct {
		r    Ref
		name string
	}
	out := make(chan put, workers*each)
	errs := make(chan error, workers)
	for w := 0; w < workers; w++ {
		go func(w int) {
			for i := 0; i < each; i++ {
				name := "w" + string(rune('a'+w)) + "-" + string(rune('A'+i%26)) + strconv.Itoa(i)
				r, err := sp.Put(&Doc{Document: name, Distinct: map[string][]string{"AGE": {name}}})
				if err != nil {
					errs <- err
					return
				}
				if d, err := sp.Get(r); err != nil || d.Document != name {
					errs <- fmt.Errorf("get during puts: %v", err)
					return
				}
				out <- put{r, name}
			}
			errs <- nil
		}(w)
	}
	for w := 0; w < workers; w++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	close(out)
	seen := map[int64]bool{}
	var end int64
	for p := range out {
		if seen[p.r.off] {
			t.Fatalf("offset %d (the nonce) used twice", p.r.off)
		}
		seen[p.r.off] = true
		end = max(end, p.r.off+int64(p.r.n))
		d, err := sp.Get(p.r)
		if err != nil || d.Document != p.name {
			t.Fatalf("%v %v", d, err)
		}
	}
	if len(seen) != workers*each || end != sp.Size() {
		t.Fatalf("%d records, end %d, size %d", len(seen), end, sp.Size())
	}
}
