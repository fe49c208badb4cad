// Small sets scored by comparing candidates pairwise, 64 guesses at a time.
//
// How a guess splits a small set follows from which pairs of candidates share a pattern: a
// candidate opens a bucket when no earlier one shares its pattern, and the pairs that share
// give Σ size² (n plus twice their number) and whether any bucket holds more than two (more
// pairs than candidates outside first places). One vector comparison answers a pair for 64
// guesses at once (their cells side by side in each candidate's row), so a set of n
// candidates costs about n²/128 comparisons per guess instead of n counts.
//
// Each candidate's bucket is also named by its first member (its head); the heads of all
// candidates describe the split whatever the patterns are called, so that two guesses split
// the set alike exactly when their heads agree.
#pragma once

#include <cstdint>
#include <cstring>

namespace wordsolver {

/** Guesses per block. */
constexpr int PAIR_LANES = 64;
/** Most candidates any block is scored pairwise for (a byte names a head). */
constexpr int PAIR_LIMIT = 96;

/** What a block of guesses does to the set, guess by guess. */
struct PairBlock {
    std::uint8_t buckets[PAIR_LANES];
    std::uint16_t pairs[PAIR_LANES];  // pairs of candidates that share a pattern
    std::uint16_t print[PAIR_LANES];  // a hash of the heads (with ``heads``)
};

namespace detail {

typedef std::uint8_t Bytes __attribute__((vector_size(PAIR_LANES)));
typedef std::uint16_t Words __attribute__((vector_size(PAIR_LANES)));  // one half of a block

inline Words low_half(Bytes v) {
    return __builtin_convertvector(
        __builtin_shufflevector(v, v, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31),
        Words);
}

typedef signed char Marks __attribute__((vector_size(PAIR_LANES)));  // a comparison's lanes
typedef std::int32_t Ints __attribute__((vector_size(PAIR_LANES)));   // a quarter of a block

/** Quarter Q of a block's marks, each widened to 32 bits (-1 stays -1). */
template <int Q>
inline Ints quarter(Marks v) {
    return __builtin_convertvector(
        __builtin_shufflevector(v, v, 16 * Q + 0, 16 * Q + 1, 16 * Q + 2, 16 * Q + 3, 16 * Q + 4,
                                16 * Q + 5, 16 * Q + 6, 16 * Q + 7, 16 * Q + 8, 16 * Q + 9,
                                16 * Q + 10, 16 * Q + 11, 16 * Q + 12, 16 * Q + 13, 16 * Q + 14,
                                16 * Q + 15),
        Ints);
}

inline Words high_half(Bytes v) {
    return __builtin_convertvector(
        __builtin_shufflevector(v, v, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46,
                                47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62,
                                63),
        Words);
}

/** The block's scores; with ``heads`` (n × 64 bytes, candidate-major) each candidate's head
 *  per guess, and their hash in ``print``; with ``Peaks`` (the candidates' ``weights`` given
 *  heaviest first, at most 2^24 each) each guess's sum of its buckets' heaviest weights in
 *  ``peaks``: a candidate that no earlier one shares a pattern with is its bucket's heaviest. */
template <bool Heads, bool Peaks = false>
__attribute__((always_inline)) inline void score_block(const std::uint8_t* const* rows, int n,
                                                       PairBlock* out, std::uint8_t* heads,
                                                       const std::uint32_t* weights = nullptr,
                                                       std::uint32_t* peaks = nullptr) {
    Ints sums[4] = {};
    Bytes cells[PAIR_LIMIT];
    for (int i = 0; i < n; i++) std::memcpy(&cells[i], rows[i], PAIR_LANES);
    Bytes buckets = {};
    Words pairs_low = {}, pairs_high = {}, print_low = {}, print_high = {};
    for (int i = 0; i < n; i++) {
        Bytes first = ~Bytes{};  // no earlier candidate shares i's pattern (yet)
        Bytes head = Bytes{} + std::uint8_t(i);
        Bytes shared = {};
        for (int j = 0; j < i; j++) {
            Bytes same = (Bytes)(cells[i] == cells[j]);
            shared -= same;
            if (Heads) {
                Bytes found = same & first;
                head = (found & std::uint8_t(j)) | (head & ~found);
            }
            first &= ~same;
        }
        buckets -= first;
        if (Peaks) {
            const Marks opens = (Marks)first;  // -1 where i opens its bucket
            const Ints weight = Ints{} + std::int32_t(weights[i]);
            sums[0] += quarter<0>(opens) & weight;
            sums[1] += quarter<1>(opens) & weight;
            sums[2] += quarter<2>(opens) & weight;
            sums[3] += quarter<3>(opens) & weight;
        }
        pairs_low += low_half(shared);
        pairs_high += high_half(shared);
        if (Heads) {
            std::memcpy(heads + i * PAIR_LANES, &head, PAIR_LANES);
            const std::uint16_t salt = std::uint16_t((0x9E37u * unsigned(i + 1)) ^ 0x7F4Au) | 1u;
            print_low += (low_half(head) + 1) * salt;
            print_high += (high_half(head) + 1) * salt;
        }
    }
    std::memcpy(out->buckets, &buckets, PAIR_LANES);
    std::memcpy(out->pairs, &pairs_low, PAIR_LANES);
    std::memcpy(out->pairs + PAIR_LANES / 2, &pairs_high, PAIR_LANES);
    if (Heads) {
        std::memcpy(out->print, &print_low, PAIR_LANES);
        std::memcpy(out->print + PAIR_LANES / 2, &print_high, PAIR_LANES);
    }
    if (Peaks) std::memcpy(peaks, sums, sizeof(sums));
}

}  // namespace detail

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__ELF__)
// The widest vectors the machine has, chosen when the module loads.
#define WORDSOLVER_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define WORDSOLVER_VECTOR_CLONES
#endif

/** Score 64 guesses on ``n`` (≤ PAIR_LIMIT) candidates: ``rows[i]`` points to candidate i's
 *  64 cells, one per guess. */
WORDSOLVER_VECTOR_CLONES
inline void pair_block(const std::uint8_t* const* rows, int n, PairBlock* out) {
    detail::score_block<false>(rows, n, out, nullptr);
}

/** pair_block, and each candidate's head per guess in ``heads`` (n × 64 bytes). */
WORDSOLVER_VECTOR_CLONES
inline void pair_block_heads(const std::uint8_t* const* rows, int n, PairBlock* out,
                             std::uint8_t* heads) {
    detail::score_block<true>(rows, n, out, heads);
}

/** pair_block for weighted candidates (``weights``, heaviest first, at most 2^24 each): also
 *  each guess's sum of its buckets' heaviest weights in ``peaks`` (64 lanes). */
WORDSOLVER_VECTOR_CLONES
inline void pair_block_peaks(const std::uint8_t* const* rows, int n, const std::uint32_t* weights,
                             PairBlock* out, std::uint32_t* peaks) {
    detail::score_block<false, true>(rows, n, out, nullptr, weights, peaks);
}

/** pair_block_heads for weighted candidates, with their peaks (pair_block_peaks). */
WORDSOLVER_VECTOR_CLONES
inline void pair_block_heads_peaks(const std::uint8_t* const* rows, int n,
                                   const std::uint32_t* weights, PairBlock* out,
                                   std::uint8_t* heads, std::uint32_t* peaks) {
    detail::score_block<true, true>(rows, n, out, heads, weights, peaks);
}

/** The most candidates worth scoring pairwise on this machine (beyond it, counting wins). */
inline int pair_max() {
#if defined(__GNUC__) && defined(__x86_64__)
    static const int most = __builtin_cpu_supports("avx512bw") ? 80 : 40;
    return most;
#else
    return 32;
#endif
}

}  // namespace wordsolver
