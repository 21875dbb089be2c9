package synth

import "github.com/surrogator/surrogator/osmbuild/pbf"

// The file is encoded by osmbuild/pbf (BlockEncoder, Writer); these are
// its element types under the short names the generator uses.
type (
	tag    = pbf.Tag
	info   = pbf.Info
	member = pbf.Member
)
