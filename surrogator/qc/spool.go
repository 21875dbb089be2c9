package qc

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync"
)

// Spool keeps the per-document reports of a run out of memory, so that
// what a run holds does not grow with its corpus (issue 11): an anonymous
// temporary file (O_TMPFILE on Linux: it never has a name; elsewhere
// unlinked as soon as it is created; so nothing of it is left when the
// process ends, however it ends) whose records are sealed
// with AES-256-GCM under a key that exists only in this process's memory.
// The reports hold original PII; in clear they are only ever written
// below the private folder.
//
// Put and Get are safe for concurrent use.
type Spool struct {
	mu   sync.RWMutex
	f    *os.File
	name string // the file's name while it still has one (unlinking failed)
	aead cipher.AEAD
	size int64
	err  error // sticky: the first write error
}

// Ref locates one report in its Spool.
type Ref struct {
	off int64
	n   int32
}

// ErrSpoolClosed is returned by a closed Spool.
var ErrSpoolClosed = errors.New("qc: spool closed")

// NewSpool creates a spool in dir (empty: os.TempDir()).
func NewSpool(dir string) (*Spool, error) {
	if dir == "" {
		dir = os.TempDir()
	}
	var key [32]byte
	if _, err := rand.Read(key[:]); err != nil {
		return nil, fmt.Errorf("qc: spool key: %w", err)
	}
	block, err := aes.NewCipher(key[:])
	if err != nil {
		return nil, fmt.Errorf("qc: spool: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("qc: spool: %w", err)
	}
	f, name, err := openAnonymous(dir)
	if err != nil {
		return nil, fmt.Errorf("qc: spool: %w", err)
	}
	s := &Spool{f: f, aead: aead, name: name}
	runtime.AddCleanup(s, func(c spoolFile) { c.close() }, spoolFile{f, s.name})
	return s, nil
}

type spoolFile struct {
	f    *os.File
	name string
}

func (c spoolFile) close() error {
	err := c.f.Close()
	if c.name != "" {
		os.Remove(c.name)
	}
	return err
}

func (s *Spool) nonce(off int64) []byte {
	n := make([]byte, s.aead.NonceSize())
	binary.LittleEndian.PutUint64(n, uint64(off)) // every record starts at its own offset
	return n
}

// Put stores a report.
func (s *Spool) Put(d *Doc) (Ref, error) {
	plain := appendDoc(nil, d)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.f == nil {
		return Ref{}, ErrSpoolClosed
	}
	if s.err != nil {
		return Ref{}, s.err
	}
	if int64(len(plain))+int64(s.aead.Overhead()) > 1<<31-1 {
		return Ref{}, fmt.Errorf("qc: spool: report of %d bytes too large", len(plain))
	}
	off := s.size
	sealed := s.aead.Seal(plain[:0:0], s.nonce(off), plain, nil)
	s.size += int64(len(sealed)) // reserved: no offset (nonce) is sealed twice, even when the write fails
	if _, err := s.f.WriteAt(sealed, off); err != nil {
		s.err = fmt.Errorf("qc: spool: %w", err)
		return Ref{}, s.err
	}
	return Ref{off: off, n: int32(len(sealed))}, nil
}

// Get reads a report back.
func (s *Spool) Get(r Ref) (*Doc, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.f == nil {
		return nil, ErrSpoolClosed
	}
	if r.off < 0 || r.n < 0 || r.off+int64(r.n) > s.size {
		return nil, fmt.Errorf("qc: spool: reference out of range")
	}
	buf := make([]byte, r.n)
	if _, err := s.f.ReadAt(buf, r.off); err != nil {
		return nil, fmt.Errorf("qc: spool: %w", err)
	}
	plain, err := s.aead.Open(buf[:0], s.nonce(r.off), buf, nil)
	if err != nil {
		return nil, fmt.Errorf("qc: spool: a report was altered on disk: %w", err)
	}
	return readDoc(plain)
}

// Size is the number of bytes the spool holds on disk.
func (s *Spool) Size() int64 {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.size
}

// Close releases the file; the reports are gone.
func (s *Spool) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.f == nil {
		return nil
	}
	err := spoolFile{s.f, s.name}.close()
	s.f = nil
	if err != nil {
		return fmt.Errorf("qc: spool: %w", err)
	}
	return nil
}

// createUnlinked creates a temporary file in dir (0600) and removes its
// name at once; it returns the name only if removing it failed (Close
// removes it then).
func createUnlinked(dir string) (*os.File, string, error) {
	f, err := os.CreateTemp(dir, ".surrogator-qc-*")
	if err != nil {
		return nil, "", err
	}
	if os.Remove(f.Name()) != nil {
		return f, f.Name(), nil
	}
	return f, "", nil
}
