//go:build !unix

package formats

import "os"

// openRegular opens p for reading after checking that it is a regular
// file, and checks again once open.
func openRegular(p string) (*os.File, error) {
	fi, err := os.Stat(p)
	if err != nil {
		return nil, pathless(err)
	}
	if !fi.Mode().IsRegular() {
		return nil, notRegular(fi.Mode())
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, pathless(err)
	}
	if fi, err = f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		if err != nil {
			return nil, pathless(err)
		}
		return nil, notRegular(fi.Mode())
	}
	return f, nil
}
