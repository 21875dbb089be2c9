package provenance

import "context"

// Collect is CollectContext reading every input and output file (for the
// tests).
func Collect(r *Record, paths []string, publicRoot, privateRoot string) error {
	return CollectContext(context.Background(), r, paths, publicRoot, privateRoot, nil, nil, nil)
}

// HashInputs digests the input paths as a run records them when no
// digest is known (for the tests).
func HashInputs(paths []string) ([]Input, error) {
	return hashInputs(context.Background(), paths, nil)
}

// HashFile returns the hex SHA-256 and size of a file (for the tests).
func HashFile(p string) (File, error) {
	return hashFile(context.Background(), p, make([]byte, 64<<10))
}

// WriteManifest writes MANIFEST.sha256 into the public run folder and
// returns the digests (for the tests).
func WriteManifest(publicRoot string) (map[string]string, error) {
	return writeManifest(context.Background(), publicRoot, nil)
}

// HashTree returns the SHA-256 of every regular file below dir, keyed by
// slash-separated path relative to dir; files and directories for which
// exclude returns true are skipped (nil: Excluded). Symbolic links are
// not followed (for the tests).
func HashTree(dir string, exclude func(rel string) bool) (map[string]string, error) {
	files, err := hashTreeKnown(context.Background(), dir, exclude, nil)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(files))
	for _, f := range files {
		out[f.Path] = f.SHA256
	}
	return out, nil
}
