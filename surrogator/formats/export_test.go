package formats

import "context"

// ReadContext is Read that stops when ctx is done: files not yet read are
// not opened, and the error wraps ctx.Err() (for the tests).
func ReadContext(ctx context.Context, paths []string, opt Options) ([]*Project, error) {
	return Scan(ctx, PathSources(paths), opt, nil)
}
