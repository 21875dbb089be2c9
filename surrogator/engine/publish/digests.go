package publish

import (
	"bufio"
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/surrogator/surrogator/surrogator/output"
	"github.com/surrogator/surrogator/surrogator/provenance"
)

// DigestLogName is the private file in which pass 2 records the SHA-256
// of every text and CAS file as it writes it, so that the provenance
// record need not read them back; on disk, not in memory, so that pass 2's
// memory does not grow with the corpus (the record holds every digest at
// the end anyway). It is read and removed before the record is made; a
// run that stops leaves it in its private folder (digests and private
// file names only) and the next run of the folder empties it. No project
// is named so (formats refuses dot names).
const DigestLogName = ".digests"

// DigestLog appends records to the digest log: one writer (the
// collector goroutine). A record is a kind byte ('P' public, 'V'
// private), the 32-byte digest, the size and the path relative to its
// run root (both little-endian uint64 / uint32 length first).
type DigestLog struct {
	path string
	f    *os.File
	w    *bufio.Writer
	err  error
}

// OpenDigestLog creates (or empties: a resumed run's old one is not
// trusted) the digest log of a run.
func OpenDigestLog(l output.Layout) (*DigestLog, error) {
	p := filepath.Join(l.PrivateRoot(), DigestLogName)
	f, err := os.OpenFile(p, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, output.PrivateFilePerm)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("engine: the digest log could not be created: %w", err)
	}
	return &DigestLog{path: p, f: f, w: bufio.NewWriterSize(f, 64<<10)}, nil
}

// Add records a written file: root is the run root it lies below.
func (g *DigestLog) Add(public bool, root, file string, sum [32]byte, size int) {
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

// Finish closes the log, reads it back into the public and private
// digests and removes it. A log that cannot be written or read gives no
// digests (provenance then reads every file): it is an optimisation, not
// a record.
func (g *DigestLog) Finish() (pub, priv provenance.Digested) {
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

// Close removes the log of a run that stops.
func (g *DigestLog) Close() {
	if g == nil {
		return
	}
	g.f.Close()
	os.Remove(g.path)
}

// Outputs are the digests Project.Write takes of the two files it writes.
type Outputs struct {
	cas, text         [32]byte
	casSize, textSize int
	casPath, textPath string
}

func digestOf(b []byte) [32]byte { return sha256.Sum256(b) }

// InputDigests are the SHA-256 digests pass 1 takes of the input files it
// reads whole (formats.Options.Digest), so that provenance records them
// without reading every input a third time. A file is known by a 128-bit
// hash of its path (two maphash seeds of the plan: an input cannot
// choose a collision), not by the path: 56 bytes per file, kept in a
// slice sorted once pass 1 is done.
//
// A file that changes after pass 1 keeps the digest pass 1 took: the
// record describes the bytes the run checked, audited and planned from,
// and `surrogator verify` reports the file as changed since. Pass 2
// refuses a document whose text or PHI spans changed (shortDigest); a
// change to its other layers between the passes is not detected and goes
// into the private CAS, which then does not match the recorded input. Files pass 1 did
// not read whole (zips, files that are no documents, a JSON Lines file
// read in part) are read when the record is made.
type InputDigests struct {
	seed   [2]maphash.Seed
	mu     sync.Mutex
	list   []inputDigest
	sealed bool
}

type inputDigest struct {
	key  [2]uint64
	sum  [32]byte
	size int64
}

func NewInputDigests() *InputDigests {
	return &InputDigests{seed: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}}
}

func (d *InputDigests) key(path string) [2]uint64 {
	return [2]uint64{maphash.String(d.seed[0], path), maphash.String(d.seed[1], path)}
}

// Add records the digest of a file read (from several goroutines).
func (d *InputDigests) Add(path string, sum [32]byte, size int64) {
	k := d.key(path)
	d.mu.Lock()
	if !d.sealed {
		d.list = append(d.list, inputDigest{key: k, sum: sum, size: size})
	}
	d.mu.Unlock()
}

// Seal sorts the digests for lookup, keeping the first of a file read
// more than once, and gives back the slice's spare capacity.
func (d *InputDigests) Seal() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.sealed = true
	slices.SortStableFunc(d.list, func(a, b inputDigest) int { return compareKeys(a.key, b.key) })
	d.list = slices.CompactFunc(d.list, func(a, b inputDigest) bool { return a.key == b.key })
	if cap(d.list) > len(d.list)+len(d.list)/8 {
		d.list = slices.Clone(d.list) // exact size: a large run keeps it to the end
	}
}

// Lookup returns the digest pass 1 took of the file at abs
// (provenance.KnownInputs).
func (d *InputDigests) Lookup(abs string) (provenance.File, bool) {
	if d == nil || !d.sealed {
		return provenance.File{}, false
	}
	k := d.key(abs)
	i, ok := slices.BinarySearchFunc(d.list, k, func(e inputDigest, k [2]uint64) int { return compareKeys(e.key, k) })
	if !ok {
		return provenance.File{}, false
	}
	e := &d.list[i]
	return provenance.File{Path: abs, SHA256: hex.EncodeToString(e.sum[:]), Size: e.size}, true
}

func compareKeys(a, b [2]uint64) int {
	if c := cmp.Compare(a[0], b[0]); c != 0 {
		return c
	}
	return cmp.Compare(a[1], b[1])
}

// AddOutputs records the two files Write wrote for a document (nil:
// none): the private CAS below the private root, the public text below
// the partial public root.
func (g *DigestLog) AddOutputs(l output.Layout, d *Outputs) {
	if d == nil {
		return
	}
	g.Add(false, l.PrivateRoot(), d.casPath, d.cas, d.casSize)
	g.Add(true, l.PublicPartialRoot(), d.textPath, d.text, d.textSize)
}
