//go:build !unix

package formats

import "os"

// openRegular opens p for reading after checking that it is a regular
// file, and checks again once open. fi is the open file's Stat.
func openRegular(p string) (f *os.File, fi os.FileInfo, err error) {
	fi, err = os.Stat(p)
	if err != nil {
		return nil, nil, pathless(err)
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, notRegular(fi.Mode())
	}
	f, err = os.Open(p)
	if err != nil {
		return nil, nil, pathless(err)
	}
	if fi, err = f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		if err != nil {
			return nil, nil, pathless(err)
		}
		return nil, nil, notRegular(fi.Mode())
	}
	return f, fi, nil
}
