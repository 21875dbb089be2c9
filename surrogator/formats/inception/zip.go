package inception

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// Limits bound what is inflated from one zip.
type Limits struct {
	// MaxEntry is the largest inflated size of one entry (default 256 MiB).
	MaxEntry int64
	// MaxTotal is the largest inflated size of all entries read (default
	// 4 GiB).
	MaxTotal int64
	// MaxEntries is the largest number of entries (default 1,000,000).
	MaxEntries int
}

func (l Limits) withDefaults() Limits {
	if l.MaxEntry <= 0 {
		l.MaxEntry = 256 << 20
	}
	if l.MaxTotal <= 0 {
		l.MaxTotal = 4 << 30
	}
	if l.MaxEntries <= 0 {
		l.MaxEntries = 1_000_000
	}
	return l
}

// ErrTooLarge is returned when an entry or the whole archive inflates past
// the limits.
var ErrTooLarge = errors.New("inflated size exceeds limit")

// Archive is a zip opened with limits; names are decoded to UTF-8.
type Archive struct {
	files  map[string]*zip.File
	names  []string
	limits Limits
	read   int64
	// Refused lists entries whose names were unsafe (absolute, "..").
	Refused []string
}

// DecodeName returns the UTF-8 name of a zip entry: names without the
// UTF-8 flag that are not valid UTF-8 are decoded as CP437 (the zip
// default); names with the flag, or valid UTF-8 names, are kept.
func DecodeName(f *zip.File) string {
	if f.NonUTF8 && !utf8.ValidString(f.Name) {
		if s, err := charmap.CodePage437.NewDecoder().String(f.Name); err == nil {
			return s
		}
	}
	return f.Name
}

// safeName reports whether an entry name stays inside the archive root.
func safeName(n string) bool {
	if n == "" || strings.HasPrefix(n, "/") || strings.HasPrefix(n, `\`) || strings.Contains(n, `\`) ||
		(len(n) > 1 && n[1] == ':') {
		return false
	}
	for _, part := range strings.Split(n, "/") {
		if part == ".." {
			return false
		}
	}
	return true
}

// OpenArchive reads the central directory of a zip held in r.
func OpenArchive(r io.ReaderAt, size int64, lim Limits) (*Archive, error) {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, fmt.Errorf("inception: zip: %w", err)
	}
	lim = lim.withDefaults()
	if len(zr.File) > lim.MaxEntries {
		return nil, fmt.Errorf("inception: zip has %d entries, limit %d", len(zr.File), lim.MaxEntries)
	}
	a := &Archive{files: map[string]*zip.File{}, limits: lim}
	for _, f := range zr.File {
		name := DecodeName(f)
		if !safeName(name) {
			a.Refused = append(a.Refused, name)
			continue
		}
		name = path.Clean(name)
		if strings.HasSuffix(f.Name, "/") {
			continue
		}
		if _, dup := a.files[name]; dup {
			return nil, fmt.Errorf("inception: zip: duplicate entry %q", name)
		}
		a.files[name] = f
		a.names = append(a.names, name)
	}
	return a, nil
}

// Names returns the entry names in archive order.
func (a *Archive) Names() []string { return a.names }

// Has reports whether the archive holds an entry.
func (a *Archive) Has(name string) bool { _, ok := a.files[name]; return ok }

// ReadFile inflates one entry within the limits.
func (a *Archive) ReadFile(name string) ([]byte, error) {
	f, ok := a.files[name]
	if !ok {
		return nil, fmt.Errorf("inception: zip: no entry %q", name)
	}
	if f.UncompressedSize64 > uint64(a.limits.MaxEntry) {
		return nil, fmt.Errorf("inception: zip entry %q: %w (%d bytes declared)", name, ErrTooLarge, f.UncompressedSize64)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("inception: zip entry %q: %w", name, err)
	}
	defer rc.Close()
	max := a.limits.MaxEntry
	if rest := a.limits.MaxTotal - a.read; rest < max {
		max = rest
	}
	var b bytes.Buffer
	n, err := io.Copy(&b, io.LimitReader(rc, max+1))
	a.read += n
	if err != nil {
		return nil, fmt.Errorf("inception: zip entry %q: %w", name, err)
	}
	if n > max {
		return nil, fmt.Errorf("inception: zip entry %q: %w", name, ErrTooLarge)
	}
	return b.Bytes(), nil
}
