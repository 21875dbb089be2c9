//go:build !purego

#include "textflag.h"

// func dotsAVX2(q []int8, rows []int8, out []int32)
// out[r] = sum_i q[i]*rows[r*len(q)+i] for r < len(out); len(q) is a
// positive multiple of 16 and len(rows) >= len(out)*len(q) (checked by the
// Go caller).
TEXT ·dotsAVX2(SB), NOSPLIT, $0-72
	MOVQ q_base+0(FP), SI
	MOVQ q_len+8(FP), CX
	MOVQ rows_base+24(FP), DX
	MOVQ out_base+48(FP), DI
	MOVQ out_len+56(FP), BX
	TESTQ BX, BX
	JZ done

row:
	VPXOR Y0, Y0, Y0
	VPXOR Y4, Y4, Y4
	XORQ AX, AX

	// two chunks of 16 per iteration while at least 32 remain
	MOVQ CX, R8
	ANDQ $-32, R8

loop32:
	CMPQ AX, R8
	JGE tail16
	VPMOVSXBW (SI)(AX*1), Y1
	VPMOVSXBW (DX)(AX*1), Y2
	VPMADDWD Y1, Y2, Y3
	VPADDD Y3, Y0, Y0
	VPMOVSXBW 16(SI)(AX*1), Y5
	VPMOVSXBW 16(DX)(AX*1), Y6
	VPMADDWD Y5, Y6, Y7
	VPADDD Y7, Y4, Y4
	ADDQ $32, AX
	JMP loop32

tail16:
	CMPQ AX, CX
	JGE reduce
	VPMOVSXBW (SI)(AX*1), Y1
	VPMOVSXBW (DX)(AX*1), Y2
	VPMADDWD Y1, Y2, Y3
	VPADDD Y3, Y0, Y0
	ADDQ $16, AX
	JMP tail16

reduce:
	VPADDD Y4, Y0, Y0
	VEXTRACTI128 $1, Y0, X1
	VPADDD X1, X0, X0
	VPSHUFD $0x4E, X0, X1
	VPADDD X1, X0, X0
	VPSHUFD $0xB1, X0, X1
	VPADDD X1, X0, X0
	VMOVD X0, R9
	MOVL R9, (DI)

	ADDQ CX, DX
	ADDQ $4, DI
	DECQ BX
	JNZ row

	VZEROUPPER

done:
	RET

// func dots4AVX2(q []int8, rows []int8, out []int32)
// As dotsAVX2 for len(out) a multiple of 4: four rows per pass share each
// 16-value chunk of the query.
TEXT ·dots4AVX2(SB), NOSPLIT, $0-72
	MOVQ q_base+0(FP), SI
	MOVQ q_len+8(FP), CX
	MOVQ rows_base+24(FP), DX
	MOVQ out_base+48(FP), DI
	MOVQ out_len+56(FP), BX
	SHRQ $2, BX
	JZ done4

block4:
	VPXOR Y0, Y0, Y0
	VPXOR Y4, Y4, Y4
	VPXOR Y5, Y5, Y5
	VPXOR Y6, Y6, Y6
	MOVQ DX, R8
	LEAQ (DX)(CX*1), R9
	LEAQ (R9)(CX*1), R11
	LEAQ (R11)(CX*1), R12
	XORQ AX, AX

inner4:
	VPMOVSXBW (SI)(AX*1), Y1
	VPMOVSXBW (R8)(AX*1), Y2
	VPMADDWD Y1, Y2, Y2
	VPADDD Y2, Y0, Y0
	VPMOVSXBW (R9)(AX*1), Y3
	VPMADDWD Y1, Y3, Y3
	VPADDD Y3, Y4, Y4
	VPMOVSXBW (R11)(AX*1), Y7
	VPMADDWD Y1, Y7, Y7
	VPADDD Y7, Y5, Y5
	VPMOVSXBW (R12)(AX*1), Y8
	VPMADDWD Y1, Y8, Y8
	VPADDD Y8, Y6, Y6
	ADDQ $16, AX
	CMPQ AX, CX
	JL inner4

	VPHADDD Y4, Y0, Y0
	VPHADDD Y6, Y5, Y5
	VPHADDD Y5, Y0, Y0
	VEXTRACTI128 $1, Y0, X1
	VPADDD X1, X0, X0
	VMOVDQU X0, (DI)

	ADDQ $16, DI
	LEAQ (R12)(CX*1), DX
	DECQ BX
	JNZ block4

	VZEROUPPER

done4:
	RET

// func dots4SignAVX2(qabs []int8, q []int8, rows []int8, out []int32)
// As dots4AVX2 for values in [-127, 127] and len(q) a positive multiple of
// 32: qabs[i] = |q[i]|. Each 32-value chunk of a row takes the query's
// signs (VPSIGNB), then VPMADDUBSW multiplies it with |q| into pairs of
// products; |q| ≤ 127 and |row| ≤ 127 keep a pair at most 2·127·127 =
// 32258 < 2^15, so nothing saturates and the sum is exact. 32 values per
// row cost one load and four operations (dots4AVX2: two sign-extending
// loads and four operations).
TEXT ·dots4SignAVX2(SB), NOSPLIT, $0-96
	MOVQ qabs_base+0(FP), SI
	MOVQ q_base+24(FP), R10
	MOVQ q_len+32(FP), CX
	MOVQ rows_base+48(FP), DX
	MOVQ out_base+72(FP), DI
	MOVQ out_len+80(FP), BX
	SHRQ $2, BX
	JZ doneSign

	// Y15: sixteen int16 ones (VPMADDWD widens pairs to int32)
	MOVQ $0x0001000100010001, AX
	MOVQ AX, X15
	VPBROADCASTQ X15, Y15

blockSign:
	VPXOR Y0, Y0, Y0
	VPXOR Y4, Y4, Y4
	VPXOR Y5, Y5, Y5
	VPXOR Y6, Y6, Y6
	MOVQ DX, R8
	LEAQ (DX)(CX*1), R9
	LEAQ (R9)(CX*1), R11
	LEAQ (R11)(CX*1), R12
	XORQ AX, AX

innerSign:
	VMOVDQU (SI)(AX*1), Y1
	VMOVDQU (R10)(AX*1), Y2

	VMOVDQU (R8)(AX*1), Y3
	VPSIGNB Y2, Y3, Y3
	VPMADDUBSW Y3, Y1, Y3
	VPMADDWD Y15, Y3, Y3
	VPADDD Y3, Y0, Y0

	VMOVDQU (R9)(AX*1), Y7
	VPSIGNB Y2, Y7, Y7
	VPMADDUBSW Y7, Y1, Y7
	VPMADDWD Y15, Y7, Y7
	VPADDD Y7, Y4, Y4

	VMOVDQU (R11)(AX*1), Y8
	VPSIGNB Y2, Y8, Y8
	VPMADDUBSW Y8, Y1, Y8
	VPMADDWD Y15, Y8, Y8
	VPADDD Y8, Y5, Y5

	VMOVDQU (R12)(AX*1), Y9
	VPSIGNB Y2, Y9, Y9
	VPMADDUBSW Y9, Y1, Y9
	VPMADDWD Y15, Y9, Y9
	VPADDD Y9, Y6, Y6

	ADDQ $32, AX
	CMPQ AX, CX
	JL innerSign

	VPHADDD Y4, Y0, Y0
	VPHADDD Y6, Y5, Y5
	VPHADDD Y5, Y0, Y0
	VEXTRACTI128 $1, Y0, X1
	VPADDD X1, X0, X0
	VMOVDQU X0, (DI)

	ADDQ $16, DI
	LEAQ (R12)(CX*1), DX
	DECQ BX
	JNZ blockSign

	VZEROUPPER

doneSign:
	RET
