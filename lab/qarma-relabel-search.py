#!/usr/bin/env python3
"""Counts the sequences of unmoved MixColumns terms that map the e layout onto itself.

fastprim's single-call QARMA kernels (include/fastprim/pac/qarma.hpp, simd_relabel) relabel cells
instead of moving them: in each layer one of the three MixColumns terms (1, 3: coefficient rho;
2: rho^2) needs no position lookup, and the output layout follows from the input layout and that
choice. When a sequence of choices maps the e layout (even cells in bytes 0..7, odd cells in bytes
8..15) onto itself, the kernel needs no input position lookup. This script repeats the layout
arithmetic of fill_simd_relabel for every sequence and prints, per round count r, how many
sequences work and the first few, then how many leave the rho^2 term (2) unmoved in how many
layers, with the first few of the largest count (a layer with the rho^2 term unmoved has one pair
of critical lookups instead of two; qarma.hpp's simd_relabel_choice_r5_avx512 is one with 7).

Usage: lab/qarma-relabel-search.py [r ...]   (default: 1 2 3 4 5)
"""
import itertools
import sys

# QARMA's cell shuffle tau and its inverse (pac-spec.md, section 3; qarma.hpp cell_shuffle_perm).
TAU = [13, 6, 11, 0, 7, 12, 1, 10, 8, 3, 14, 5, 2, 9, 4, 15]
TAU_INV = [3, 6, 12, 9, 14, 11, 1, 4, 8, 13, 7, 2, 5, 0, 10, 15]


def relabel_index(r, layer, k, n):
    """Term k of layer `layer`: output natural cell n reads input cell relabel_index(...)."""
    if layer < r:
        return TAU[(n + 4 * k) & 15]
    if layer == r:
        return TAU[(TAU_INV[n] + 4 * k) & 15]
    return (TAU_INV[n] + 4 * k) & 15


def inverse(p):
    q = [0] * len(p)
    for i, x in enumerate(p):
        q[x] = i
    return q


def main():
    rounds = [int(a) for a in sys.argv[1:]] or [1, 2, 3, 4, 5]
    e = [2 * j if j < 8 else 2 * (j - 8) + 1 for j in range(16)]
    for r in rounds:
        layers = 2 * r + 1
        # output layout = map[layer][k - 1] applied to each cell of the input layout
        maps = [[inverse([relabel_index(r, l, k, n) for n in range(16)]) for k in (1, 2, 3)]
                for l in range(layers)]
        found = []
        for choice in itertools.product((1, 2, 3), repeat=layers):
            layout = e
            for l in range(layers):
                layout = [maps[l][choice[l] - 1][c] for c in layout]
            if layout == e:
                found.append(choice)
        print(f"r = {r}: {len(found)} of {3 ** layers} sequences map the e layout onto itself")
        for choice in found[:5]:
            print("  ", ", ".join(map(str, choice)))
        by_twos = {}
        for choice in found:
            by_twos.setdefault(choice.count(2), []).append(choice)
        for twos in sorted(by_twos):
            print(f"  the rho^2 term unmoved in {twos} layers: {len(by_twos[twos])} sequences")
        if by_twos:
            for choice in by_twos[max(by_twos)][:3]:
                print("    ", ", ".join(map(str, choice)))


if __name__ == "__main__":
    main()
