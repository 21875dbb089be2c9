package output

import (
	"fmt"
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

// PublicRoot is OUT/public/public-<run>.
func (l Layout) PublicRoot() string { return filepath.Join(l.Out, "public", "public-"+l.Run) }

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

// WritePrivate writes a private file (0600) atomically, creating its
// directory with 0700.
func WritePrivate(path string, data []byte) error {
	if err := MkdirPrivate(filepath.Dir(path)); err != nil {
		return err
	}
	return writeAtomic(path, data, PrivateFilePerm)
}

// WritePublic writes a public file atomically: a temporary file in the
// private staging directory (on the same file system), synced, then renamed
// into place, so that no partial file ever appears below public/, even when
// the process is killed. staging "" stages beside the target.
func WritePublic(path string, data []byte, staging string) error {
	if err := os.MkdirAll(filepath.Dir(path), PublicDirPerm); err != nil {
		return fmt.Errorf("output: %w", err)
	}
	if staging == "" {
		staging = filepath.Dir(path)
	} else if err := MkdirPrivate(staging); err != nil {
		return err
	}
	return writeAtomicVia(staging, path, data, PublicFilePerm)
}

// Staging is the private directory where public files are staged.
func (l Layout) Staging() string { return filepath.Join(l.PrivateRoot(), ".staging") }

func writeAtomic(path string, data []byte, perm os.FileMode) error {
	return writeAtomicVia(filepath.Dir(path), path, data, perm)
}

func writeAtomicVia(dir, path string, data []byte, perm os.FileMode) error {
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return fmt.Errorf("output: %w", err)
	}
	tmp := f.Name()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("output: %w", err)
	}
	if err := f.Chmod(perm); err != nil {
		return fail(err)
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("output: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("output: %w", err)
	}
	return nil
}

// RemoveTemps deletes leftover temporary files (from an interrupted run)
// below dir.
func RemoveTemps(dir string) error {
	return filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if !d.IsDir() && len(d.Name()) > 5 && d.Name()[:5] == ".tmp-" {
			os.Remove(p)
		}
		return nil
	})
}
