package engine

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/surrogator/surrogator/surrogator/output"
	"github.com/surrogator/surrogator/surrogator/provenance"
)

// digestLogName is the private file in which pass 2 records the SHA-256
// of every text and CAS file as it writes it, so that the provenance
// record need not read them back; on disk, not in memory, so that pass 2's
// memory does not grow with the corpus (the record holds every digest at
// the end anyway). It is read and removed before the record is made; a
// run that stops leaves it in its private folder (digests and private
// file names only) and the next run of the folder empties it. No project
// is named so (formats refuses dot names).
const digestLogName = ".digests"

// digestLog appends records to the digest log: one writer (the
// collector goroutine). A record is a kind byte ('P' public, 'V'
// private), the 32-byte digest, the size and the path relative to its
// run root (both little-endian uint64 / uint32 length first).
type digestLog struct {
	path string
	f    *os.File
	w    *bufio.Writer
	err  error
}

// openDigestLog creates (or empties: a resumed run's old one is not
// trusted) the digest log of a run.
func openDigestLog(l output.Layout) (*digestLog, error) {
	p := filepath.Join(l.PrivateRoot(), digestLogName)
	f, err := os.OpenFile(p, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, output.PrivateFilePerm)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("engine: the digest log could not be created: %w", err)
	}
	return &digestLog{path: p, f: f, w: bufio.NewWriterSize(f, 64<<10)}, nil
}

// add records a written file: root is the run root it lies below.
func (g *digestLog) add(public bool, root, file string, sum [32]byte, size int) {
	if g == nil || g.err != nil {
		return
	}
	rel, err := filepath.Rel(root, file)
	if err != nil {
		g.err = err
		return
	}
	rel = filepath.ToSlash(rel)
	var head [1 + 32 + 8 + 4]byte
	head[0] = 'V'
	if public {
		head[0] = 'P'
	}
	copy(head[1:], sum[:])
	binary.LittleEndian.PutUint64(head[33:], uint64(size))
	binary.LittleEndian.PutUint32(head[41:], uint32(len(rel)))
	g.w.Write(head[:])
	_, g.err = g.w.WriteString(rel)
}

// finish closes the log, reads it back into the public and private
// digests and removes it. A log that cannot be written or read gives no
// digests (provenance then reads every file): it is an optimisation, not
// a record.
func (g *digestLog) finish() (pub, priv provenance.Digested) {
	if g == nil {
		return nil, nil
	}
	defer os.Remove(g.path)
	err := g.err
	if err == nil {
		err = g.w.Flush()
	}
	if cerr := g.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, nil
	}
	f, err := os.Open(g.path)
	if err != nil {
		return nil, nil
	}
	defer f.Close()
	pub, priv = provenance.Digested{}, provenance.Digested{}
	r := bufio.NewReaderSize(f, 64<<10)
	for {
		var head [1 + 32 + 8 + 4]byte
		if _, err := io.ReadFull(r, head[:]); err != nil {
			if errors.Is(err, io.EOF) {
				return pub, priv
			}
			return nil, nil
		}
		n := binary.LittleEndian.Uint32(head[41:])
		if n > 1<<16 || head[0] != 'P' && head[0] != 'V' {
			return nil, nil
		}
		rel := make([]byte, n)
		if _, err := io.ReadFull(r, rel); err != nil {
			return nil, nil
		}
		to := priv
		if head[0] == 'P' {
			to = pub
		}
		to[string(rel)] = provenance.File{Path: string(rel), SHA256: hex.EncodeToString(head[1:33]), Size: int64(binary.LittleEndian.Uint64(head[33:]))}
	}
}

// close removes the log of a run that stops.
func (g *digestLog) close() {
	if g == nil {
		return
	}
	g.f.Close()
	os.Remove(g.path)
}

// outputDigests are the digests writeDoc takes of the two files it writes.
type outputDigests struct {
	cas, text         [32]byte
	casSize, textSize int
	casPath, textPath string
}

func digestOf(b []byte) [32]byte { return sha256.Sum256(b) }
