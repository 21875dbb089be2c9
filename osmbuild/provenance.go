package osmbuild

import (
	"bufio"
	"compress/bzip2"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"regexp"
	"time"

	"github.com/surrogator/surrogator/osmbuild/pbf"
)

// This file decides the pack's build metadata. Everything written to the
// pack must be a function of the input bytes, the options and the
// surrogator version, so that two builds are byte-identical: the build time
// is the data's own timestamp (PBF header or XML root attribute), else the
// caller's SourceDate (SOURCE_DATE_EPOCH), else omitted.

// Origins of Stats.Built (the pack's built_from meta value).
const (
	BuiltFromReplication = "osmosis_replication_timestamp"
	BuiltFromXML         = "osm timestamp attribute"
	BuiltFromSourceDate  = "SOURCE_DATE_EPOCH"
)

// buildTime returns the data timestamp of src (zero when it has none).
func buildTime(src *source) (time.Time, string) {
	if src.pbf != nil {
		if len(src.pbf.blobs) == 0 || !src.pbf.blobs[0].header {
			return time.Time{}, ""
		}
		data, err := src.pbf.payload(0)
		if err != nil {
			return time.Time{}, ""
		}
		if ts := replicationTimestamp(data); ts > 0 {
			return time.Unix(ts, 0).UTC(), BuiltFromReplication
		}
		return time.Time{}, ""
	}
	if t, ok := xmlTimestamp(src); ok {
		return t, BuiltFromXML
	}
	return time.Time{}, ""
}

// replicationTimestamp returns the OSMHeader's
// osmosis_replication_timestamp (seconds since the epoch), or 0 when it
// has none or does not parse.
func replicationTimestamp(b []byte) int64 {
	h, err := pbf.ParseHeader(b)
	if err != nil {
		return 0
	}
	return h.ReplicationTimestamp
}

// osmRoot matches the <osm …> start tag; timestampAttr its timestamp.
var (
	osmRoot       = regexp.MustCompile(`<osm\s[^>]*>`)
	timestampAttr = regexp.MustCompile(`\stimestamp\s*=\s*["']([^"']+)["']`)
)

// xmlTimestamp reads the timestamp attribute of the <osm> root element
// from the first 64 KiB of (decompressed) XML input.
func xmlTimestamp(src *source) (time.Time, bool) {
	var r io.Reader = io.NewSectionReader(src.f, 0, src.size)
	switch src.comp {
	case "gzip":
		gz, err := gzip.NewReader(bufio.NewReader(r))
		if err != nil {
			return time.Time{}, false
		}
		defer gz.Close()
		r = gz
	case "bzip2":
		r = bzip2.NewReader(bufio.NewReader(r))
	}
	head := make([]byte, 64<<10)
	n, _ := io.ReadFull(r, head)
	root := osmRoot.Find(head[:n])
	if root == nil {
		return time.Time{}, false
	}
	m := timestampAttr.FindSubmatch(root)
	if m == nil {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339, string(m[1]))
	if err != nil {
		return time.Time{}, false
	}
	return t.UTC(), true
}

// hashFile returns the hex SHA-256 and size of path; it stops early when
// ctx is cancelled.
func hashFile(ctx context.Context, path string) (string, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	h := sha256.New()
	buf := make([]byte, 1<<20)
	var n int64
	for {
		if err := ctx.Err(); err != nil {
			return "", 0, err
		}
		k, err := f.Read(buf)
		h.Write(buf[:k])
		n += int64(k)
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", 0, fmt.Errorf("hash input: %w", err)
		}
	}
	return hex.EncodeToString(h.Sum(nil)), n, nil
}
