package onnx

import (
	"math"
	"testing"
)

func TestPadAndMeanPool(t *testing.T) {
	ids, mask, types := Pad([][]int64{{5, 6, 7}, {8}}, 3, 1)
	if want := []int64{5, 6, 7, 8, 1, 1}; !equal(ids, want) {
		t.Errorf("ids %v, want %v", ids, want)
	}
	if want := []int64{1, 1, 1, 1, 0, 0}; !equal(mask, want) {
		t.Errorf("mask %v, want %v", mask, want)
	}
	if want := []int64{0, 0, 0, 0, 0, 0}; !equal(types, want) {
		t.Errorf("types %v", types)
	}
	// dim 2: row 0 averages (3,0),(0,4),(3,8) = (2,4); row 1 only (1,0):
	// the padded positions (99s) must not count
	hidden := []float32{3, 0, 0, 4, 3, 8, 1, 0, 99, 99, 99, 99}
	got := MeanPool(hidden, mask, 2, 3, 2)
	inv := float32(1 / math.Sqrt(20))
	if math.Abs(float64(got[0][0]-2*inv)) > 1e-6 || math.Abs(float64(got[0][1]-4*inv)) > 1e-6 || got[1][0] != 1 || got[1][1] != 0 {
		t.Errorf("MeanPool = %v", got)
	}
}

func equal(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
