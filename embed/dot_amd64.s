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
