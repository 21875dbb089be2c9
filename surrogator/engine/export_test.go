package engine

import (
	"fmt"

	"github.com/surrogator/surrogator/surrogator/qc"
)

// QC returns the quality control of every project, in reading order (the
// documents in reading order, then those that could not be read), each
// report read back into memory (for the tests).
func (p *Plan) QC() ([]*qc.Project, error) {
	out := make([]*qc.Project, len(p.runs))
	for i, pr := range p.runs {
		q, err := pr.qc.Load()
		if err != nil {
			return nil, fmt.Errorf("engine: %w", err)
		}
		out[i] = q
	}
	return out, nil
}
