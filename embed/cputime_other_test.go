//go:build !unix

package embed

import "time"

func processCPU() time.Duration { return 0 }
