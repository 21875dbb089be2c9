package osmbuild

import (
	"bufio"
	"compress/bzip2"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"

	"github.com/paulmach/osm"
	"github.com/paulmach/osm/osmxml"
)

type passKind int

const (
	passRelations passKind = iota
	passWays
	passNodes
)

var passNames = [...]string{"relations", "ways", "nodes"}

// source is an opened input file.
type source struct {
	f    *os.File
	size int64
	pbf  *pbfIndex // nil for XML
	comp string    // "", "gzip", "bzip2" for XML
}

func openSource(path string, workers int) (*source, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	s := &source{f: f, size: st.Size()}
	var magic [4]byte
	n, _ := f.ReadAt(magic[:], 0)
	name := strings.ToLower(filepath.Base(path))
	switch {
	case n >= 2 && magic[0] == 0x1f && magic[1] == 0x8b:
		s.comp = "gzip"
	case n >= 3 && string(magic[:3]) == "BZh":
		s.comp = "bzip2"
	case n >= 1 && magic[0] == '<', strings.HasSuffix(name, ".osm"):
	case strings.HasSuffix(name, ".pbf") || n == 4 && magic[0] == 0:
		s.pbf, err = indexPBF(f, s.size, workers)
		if err != nil {
			f.Close()
			return nil, err
		}
	default:
		f.Close()
		return nil, fmt.Errorf("unrecognised input format (want .osm.pbf, .osm, .osm.gz or .osm.bz2)")
	}
	return s, nil
}

func (s *source) Close() error { return s.f.Close() }

type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// filters selects objects early; in PBF they run in the decoder
// goroutines, so they must be safe for concurrent use.
type filters struct {
	node     func(*osm.Node) bool
	way      func(*osm.Way) bool
	relation func(*osm.Relation) bool
}

// scan opens a scanner over XML input for one pass (PBF input is read by
// pbfIndex.scanFast). done reports input bytes consumed.
func (s *source) scan(ctx context.Context, p passKind, workers int, fl filters) (sc osm.Scanner, done func() int64, total int64, err error) {
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return nil, nil, 0, err
	}
	cr := &countingReader{r: bufio.NewReaderSize(s.f, 1<<20)}
	var r io.Reader = cr
	switch s.comp {
	case "gzip":
		gz, err := gzip.NewReader(cr)
		if err != nil {
			return nil, nil, 0, err
		}
		r = gz
	case "bzip2":
		r = bzip2.NewReader(cr)
	}
	return &xmlScanner{Scanner: osmxml.New(ctx, r), p: p, fl: fl}, cr.n.Load, s.size, nil
}

// xmlScanner applies the pass's type selection and filters to osmxml.
type xmlScanner struct {
	*osmxml.Scanner
	p  passKind
	fl filters
}

func (x *xmlScanner) Scan() bool {
	for x.Scanner.Scan() {
		switch o := x.Scanner.Object().(type) {
		case *osm.Node:
			if x.p == passNodes && (x.fl.node == nil || x.fl.node(o)) {
				return true
			}
		case *osm.Way:
			if x.p == passWays && (x.fl.way == nil || x.fl.way(o)) {
				return true
			}
		case *osm.Relation:
			if x.p == passRelations && (x.fl.relation == nil || x.fl.relation(o)) {
				return true
			}
		}
	}
	return false
}
