//go:build !amd64 || purego

package embed

func dots(q, rows []int8, out []int32) { dotsGeneric(q, rows, out) }

func dotsNarrow(q, qabs, rows []int8, out []int32) { dotsGeneric(q, rows, out) }
