package output

import (
	"bufio"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"time"
)

// Permissions of private output.
const (
	PrivateDirPerm  = 0o700
	PrivateFilePerm = 0o600
	PublicDirPerm   = 0o755
	PublicFilePerm  = 0o644
)

// RunKey returns a run key YYYYMMDD-HHMMSS-xxxx (xxxx: four lowercase
// letters or digits drawn from r).
func RunKey(now time.Time, r *rand.Rand) string {
	const alnum = "abcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, 4)
	for i := range b {
		b[i] = alnum[r.Intn(len(alnum))]
	}
	return now.Format("20060102-150405") + "-" + string(b)
}

// Layout resolves the paths of one run.
type Layout struct {
	Out string // the --out directory
	Run string // the run key
}

// PublicRoot is OUT/public/public-<run>: it exists only for complete runs.
func (l Layout) PublicRoot() string { return filepath.Join(l.Out, "public", "public-"+l.Run) }

// PartialSuffix marks a public run folder that is still being written or
// whose run was interrupted.
const PartialSuffix = ".partial"

// PublicPartialRoot is OUT/public/public-<run>.partial, where a run
// publishes its audited files until every document is written and run.json
// is complete; then Finalize renames it to PublicRoot.
func (l Layout) PublicPartialRoot() string { return l.PublicRoot() + PartialSuffix }

// PublicPartial is the project folder inside PublicPartialRoot.
func (l Layout) PublicPartial(project string) string {
	return filepath.Join(l.PublicPartialRoot(), project)
}

// KeyFile is the run-independent secret key that runs into OUT share when
// no --key-file is given: OUT/private/surrogator.key (0600).
func (l Layout) KeyFile() string { return filepath.Join(l.Out, "private", "surrogator.key") }

// Marker is the file that marks OUT as surrogator output, so that input
// walkers never read a run's own output back in.
const Marker = ".surrogator-out"

// MarkOut creates OUT (0755), OUT/private (0700) and the marker file.
func (l Layout) MarkOut() error {
	if err := os.MkdirAll(l.Out, PublicDirPerm); err != nil {
		return fmt.Errorf("output: %w", err)
	}
	if err := MkdirPrivate(filepath.Join(l.Out, "private")); err != nil {
		return err
	}
	m := filepath.Join(l.Out, Marker)
	if _, err := os.Stat(m); err == nil {
		return nil
	}
	return writeAtomic(m, []byte("surrogator output folder: inputs below it are never read\n"), PublicFilePerm)
}

// Finalize renames the partial public folder to its final name. It fails
// when the final name exists already.
func (l Layout) Finalize() error {
	if _, err := os.Lstat(l.PublicRoot()); err == nil {
		return fmt.Errorf("output: %s exists already", l.PublicRoot())
	}
	if err := os.Rename(l.PublicPartialRoot(), l.PublicRoot()); err != nil {
		return fmt.Errorf("output: %w", err)
	}
	return syncDir(filepath.Dir(l.PublicRoot()))
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("output: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("output: %w", err)
	}
	return nil
}

// PrivateRoot is OUT/private/private-<run>.
func (l Layout) PrivateRoot() string { return filepath.Join(l.Out, "private", "private-"+l.Run) }

// Public is the public directory of a project.
func (l Layout) Public(project string) string { return filepath.Join(l.PublicRoot(), project) }

// Private is the private directory of a project.
func (l Layout) Private(project string) string { return filepath.Join(l.PrivateRoot(), project) }

// QC is the quality-control directory of a project.
func (l Layout) QC(project string) string {
	return filepath.Join(l.Private(project), "quality_control")
}

// MkdirPrivate creates dir and its missing parents below the private root
// with 0700 (and tightens an existing dir to 0700).
func MkdirPrivate(dir string) error {
	if err := os.MkdirAll(dir, PrivateDirPerm); err != nil {
		return fmt.Errorf("output: %w", err)
	}
	if err := os.Chmod(dir, PrivateDirPerm); err != nil {
		return fmt.Errorf("output: %w", err)
	}
	return nil
}

// WritePrivate writes a private file (0600) atomically and durably
// (synced before it is renamed), creating its directory with 0700.
func WritePrivate(path string, data []byte) error {
	if err := MkdirPrivate(filepath.Dir(path)); err != nil {
		return err
	}
	return writeAtomic(path, data, PrivateFilePerm)
}

// WritePrivateBulk is WritePrivate for the many files of a run (one per
// document): atomic but not synced one by one; the run makes them durable
// together with SyncFS before it records itself complete.
func WritePrivateBulk(path string, data []byte) error {
	if err := MkdirPrivate(filepath.Dir(path)); err != nil {
		return err
	}
	return writeAtomicVia(filepath.Dir(path), path, data, PrivateFilePerm, false)
}

// WritePrivateBulkFunc is WritePrivateBulk for a file written in pieces:
// fill writes the content to w (the temporary file), so that a large
// file need not be held in memory whole. An error of fill ends the write
// (the temporary file is removed) and is returned wrapped as a write
// error of WritePrivateBulk.
func WritePrivateBulkFunc(path string, fill func(w io.Writer) error) error {
	if err := MkdirPrivate(filepath.Dir(path)); err != nil {
		return err
	}
	return writeAtomicViaFunc(filepath.Dir(path), path, PrivateFilePerm, false, fill)
}

// Staged is a public file written to the private staging folder: not yet
// public. The caller audits the bytes as they are on disk (Bytes) and only
// then publishes (Publish) or discards them; a process killed in between
// leaves the file in private, never in public.
type Staged struct{ tmp string }

// Stage writes data (mode 0644) to a temporary file in the private
// staging folder, which must be on the same file system as public/. It is
// not synced on its own (a killed process loses nothing the page cache
// holds); the run syncs the file system once (SyncFS) before it records
// itself complete.
func Stage(staging string, data []byte) (*Staged, error) {
	if err := MkdirPrivate(staging); err != nil {
		return nil, err
	}
	tmp, err := writeTemp(staging, data, PublicFilePerm, false)
	if err != nil {
		return nil, err
	}
	return &Staged{tmp: tmp}, nil
}

// Bytes reads the staged file back from disk.
func (s *Staged) Bytes() ([]byte, error) {
	b, err := os.ReadFile(s.tmp)
	if err != nil {
		return nil, fmt.Errorf("output: %w", err)
	}
	return b, nil
}

// Publish renames the staged file to path (creating its public folder).
func (s *Staged) Publish(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), PublicDirPerm); err != nil {
		s.Discard()
		return fmt.Errorf("output: %w", err)
	}
	if err := os.Rename(s.tmp, path); err != nil {
		s.Discard()
		return fmt.Errorf("output: %w", err)
	}
	return nil
}

// Discard removes the staged file.
func (s *Staged) Discard() { os.Remove(s.tmp) }

// Staging is the private directory where public files are staged.
func (l Layout) Staging() string { return filepath.Join(l.PrivateRoot(), ".staging") }

func writeAtomic(path string, data []byte, perm os.FileMode) error {
	return writeAtomicVia(filepath.Dir(path), path, data, perm, true)
}

// writeAtomicVia writes data to a temporary file in dir (synced when sync
// is set) and renames it to path.
func writeAtomicVia(dir, path string, data []byte, perm os.FileMode, sync bool) error {
	return writeAtomicViaFunc(dir, path, perm, sync, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// writeAtomicViaFunc is writeAtomicVia of the content fill writes.
func writeAtomicViaFunc(dir, path string, perm os.FileMode, sync bool, fill func(w io.Writer) error) error {
	tmp, err := writeTempFunc(dir, perm, sync, fill)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("output: %w", err)
	}
	return nil
}

// writeTemp writes data to a temporary file in dir (synced when sync is
// set) and returns its path.
func writeTemp(dir string, data []byte, perm os.FileMode, sync bool) (string, error) {
	return writeTempFunc(dir, perm, sync, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// writeTempFunc is writeTemp with the content written by fill.
func writeTempFunc(dir string, perm os.FileMode, sync bool, fill func(w io.Writer) error) (string, error) {
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return "", fmt.Errorf("output: %w", err)
	}
	tmp := f.Name()
	fail := func(err error) (string, error) {
		f.Close()
		os.Remove(tmp)
		return "", fmt.Errorf("output: %w", err)
	}
	if err := f.Chmod(perm); err != nil {
		return fail(err)
	}
	if err := fill(f); err != nil {
		return fail(err)
	}
	if sync {
		if err := f.Sync(); err != nil {
			return fail(err)
		}
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("output: %w", err)
	}
	return tmp, nil
}

// PrivateFile is a private file (0600) being written: its bytes go to a
// temporary file beside it, which Commit syncs and renames to the name,
// and Abort removes.
type PrivateFile struct {
	path string
	f    *os.File
	w    *bufio.Writer
}

// CreatePrivate starts a private file at path (its folder made 0700).
func CreatePrivate(path string) (*PrivateFile, error) {
	if err := MkdirPrivate(filepath.Dir(path)); err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("output: %w", err)
	}
	if err := f.Chmod(PrivateFilePerm); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, fmt.Errorf("output: %w", err)
	}
	return &PrivateFile{path: path, f: f, w: bufio.NewWriterSize(f, 64<<10)}, nil
}

// Write appends to the file.
func (p *PrivateFile) Write(b []byte) (int, error) { return p.w.Write(b) }

// Commit makes the file durable and gives it its name.
func (p *PrivateFile) Commit() error {
	err := p.w.Flush()
	if err == nil {
		err = p.f.Sync()
	}
	if cerr := p.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(p.f.Name(), p.path)
	}
	if err != nil {
		os.Remove(p.f.Name())
		return fmt.Errorf("output: %w", err)
	}
	return nil
}

// Abort removes the unfinished file.
func (p *PrivateFile) Abort() {
	p.f.Close()
	os.Remove(p.f.Name())
}
